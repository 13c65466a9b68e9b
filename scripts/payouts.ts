/** `npm run payouts -- status|export-unpaid`: what was paid of the allocation list, and what is still owed. */
import { once } from 'node:events';
import { type PayoutFigures, payoutStatus, writeOwedAllocationCsv } from '../server/features/imports/index.js';
import type { PayoutState } from '../server/features/payouts/index.js';
import { microToString } from '@shared/token-amount';
import { count, plural, runCommand, UsageError, withDatabase } from './cli.js';

const usage = `Usage: npm run payouts -- status
       npm run payouts -- export-unpaid > owed.csv`;

const help = `${usage}

What was sent of the allocation list (\`npm run import:payouts\` records it), per wallet and category.

Commands:
  status         per category: the wallets and tokens paid of those owed, and the wallets and tokens in
                 each payout state:
                   not sent       no payout recorded
                   unchecked      a payout recorded, its transaction not yet checked with an explorer
                   unconfirmed    the transaction waits in the mempool
                   confirmed      the transaction is in a block
                   dropped        the transaction was seen, and is now known to no explorer
                   not found      no explorer has seen the transaction
                   wrong address  the transaction has no output to the wallet (at vout, when given)
                 "paid" counts every state but not sent, dropped and wrong address
  export-unpaid  the wallets and categories still owed (not sent, dropped, wrong address) on standard
                 output in the allocation import's format (wallet_address,category,tokens), by wallet:
                 \`npm run import:allocations -- owed.csv --dry-run\` reads it back; the counts go to
                 standard error

Options:
  -h, --help     show this help

The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

const tokens = (micro: number) => `${microToString(BigInt(micro))} tokens`;
const label = (state: PayoutState) => state.replace('_', ' ');

/** "2 of 3 wallets paid, 1500 of 1520.5 tokens" */
const progress = (paid: PayoutFigures, all: PayoutFigures, noun: string) =>
  `${count(paid.wallets)} of ${plural(all.wallets, noun)} paid, ${microToString(BigInt(paid.micro))} of ${tokens(all.micro)}`;

async function printStatus(): Promise<number> {
  const status = await withDatabase(payoutStatus);
  if (status.categories.length === 0) {
    console.log('the allocation list is empty: nothing is owed');
  }
  for (const category of status.categories) {
    console.log(`${category.category}: ${progress(category.paid, category, 'wallet')}`);
    for (const state of category.states) {
      console.log(`  ${label(state.state).padEnd(14)} ${plural(state.wallets, 'wallet').padStart(14)}  ${tokens(state.micro)}`);
    }
  }
  if (status.categories.length) console.log(`all categories: ${progress(status.total.paid, status.total, 'payout')}, in ${plural(status.transactions, 'transaction')}`);
  if (status.offList) console.log(`note: ${plural(status.offList, 'payout')} name a wallet and category no longer on the allocation list`);
  return 0;
}

/** Writes to standard output, waiting while a pipe is full. */
async function writeOut(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

async function exportUnpaid(): Promise<number> {
  const totals = await withDatabase((db) => writeOwedAllocationCsv(db, writeOut));
  console.error(`exported ${plural(totals.rows, 'owed payout')} (${plural(totals.wallets, 'wallet')}, ${tokens(totals.micro)})`);
  return 0;
}

await runCommand({ usage, help, positionals: true }, async ({ positionals }) => {
  const [command, extra] = positionals;
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  switch (command) {
    case 'status':
      return printStatus();
    case 'export-unpaid':
      return exportUnpaid();
    case undefined:
      throw new UsageError('give a command: status or export-unpaid');
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
});
