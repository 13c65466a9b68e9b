/** `npm run import:payouts -- FILE.csv`: records which transaction paid each wallet its tokens of a category. */
import os from 'node:os';
import path from 'node:path';
import { commandActor } from '../server/features/audit/index.js';
import { importPayoutsFile, type PayoutChange, type PayoutsAccepted, sourceNameProblem } from '../server/features/imports/index.js';
import { field, plural, runCommand, UsageError } from './cli.js';
import { demoNote, fileArgument, isAFile, printRefusal, runImport } from './import-cli.js';

const usage = 'Usage: npm run import:payouts -- FILE.csv [--source NAME] [--dry-run] [--replace] [--allow-unchecked-addresses] [--keep-demo]';

const help = `${usage}

Records what was sent: for each wallet and category of the allocation list, the Bitcoin transaction
(and, when known, the output) that carried those tokens. \`npm run payouts -- status\` shows the progress.

The first row is the header and must name these columns, in any order (vout may be left out):
  wallet_address  the wallet as the allocation list has it, checked as import:allocations checks it (a
                  mainnet bc1p, bc1q, 3 or 1 address whose checksum holds; bc1... compared lower-cased)
  category        a category this wallet holds on the allocation list, exactly as written there
  txid            the transaction: 64 hexadecimal characters (stored lower-cased)
  vout            the output that paid the wallet: a whole number from 0, or empty when not known
A wallet and category may be paid once per file. Quoted fields, a BOM and CRLF line ends are fine.

Nothing is kept unless every row passes: if any row is bad, each bad row is printed as "line N: reason"
(N = line in the file, the header is line 1), the database is left as it was and the exit code is 1.
A row is bad when a field is, when its wallet is not on the allocation list (every source, as the lookup
answers) or does not hold that category, when its wallet and category come twice in the file, or when
that wallet and category were already paid in another transaction (or output) and --replace is not given.
A file with no data rows (only its header) is refused whatever the flags.

Each file adds to what was recorded: payouts it does not name are kept. A row naming the transaction
already recorded for its wallet and category changes nothing, so importing the same file again is a
no-op. What changes is written in one transaction with its entry in the audit log (import.payouts).

Options:
  --source NAME    the name this import is recorded under (default: the file's name)
  --dry-run        check the file and print the summary without changing the database, with the
                   payouts that would get another transaction (and whether that needs --replace)
  --replace        give a wallet and category already paid another transaction: a fee-bumped or re-sent
                   transfer; the summary and the audit log say how many, the audit log which
  --allow-unchecked-addresses
                   take any non-empty wallet_address as given, without the checksum (test lists)
  --keep-demo      import even though the demo data set that \`npm start\` loads is still there;
                   without it the import is refused until \`npm run demo:remove\`
  -h, --help       show this help

The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).
A relative FILE is resolved from the project folder, where npm runs scripts.`;

// The changes a summary lists by line; the counts cover them all.
const changesShown = 20;

const output = (txid: string, vout: number | null) => (vout === null ? txid : `${txid}:${vout}`);

function printChanges(changes: readonly PayoutChange[], dryRun: boolean): void {
  if (changes.length === 0) return;
  const shown = changes.length > changesShown ? `first ${changesShown}` : 'all';
  console.log(`  ${dryRun ? 'would get' : 'got'} another transaction (${shown}, by line; old -> new):`);
  for (const { line, payout, before } of changes.slice(0, changesShown)) {
    console.log(`    line ${line}: ${payout.wallet} "${payout.category}" ${output(before.txid, before.vout)} -> ${output(payout.txid, payout.vout)}`);
  }
  if (changes.length > changesShown) console.log(`    ... and ${plural(changes.length - changesShown, 'more')}`);
}

function printSummary(file: string, result: PayoutsAccepted): void {
  const { dryRun } = result;
  const written = result.added + result.changes.length;
  const verb = dryRun ? 'checked (dry run, nothing written)' : written ? 'recorded' : 'nothing new in';
  console.log(`${verb} ${path.basename(file)} as source "${result.source}"`);
  console.log(field('rows', result.rows));
  console.log(field('wallets', result.wallets));
  console.log(field('transactions', result.transactions));
  console.log(field(dryRun ? 'would add' : 'added', plural(result.added, 'payout')));
  console.log(field(dryRun ? 'would replace' : 'replaced', `${plural(result.changes.length, 'payout')} (another transaction)`));
  console.log(field('unchanged', `${plural(result.unchanged, 'payout')} (already recorded)`));
  console.log('  per category:');
  const width = Math.max(...result.categories.map((total) => total.category.length));
  for (const total of result.categories) console.log(`    ${total.category.padEnd(width)}  ${plural(total.rows, 'payout').padStart(14)}`);
  printChanges(result.changes, dryRun);
  if (result.needsReplace) console.log(`note: this import needs --replace: it gives ${plural(result.changes.length, 'payout')} another transaction`);
  if (result.demoRows) console.log(demoNote(result.demoRows, dryRun));
}

const options = {
  source: { type: 'string' },
  'dry-run': { type: 'boolean' },
  replace: { type: 'boolean' },
  'allow-unchecked-addresses': { type: 'boolean' },
  'keep-demo': { type: 'boolean' },
} as const;

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  const file = fileArgument(positionals);
  const problem = values.source === undefined ? null : sourceNameProblem(values.source);
  if (problem) throw new UsageError(`--source: ${problem}`);
  if (!isAFile(file)) return 1;

  const result = await runImport(file, (db, onProgress) =>
    importPayoutsFile(db, file, {
      source: values.source,
      dryRun: values['dry-run'],
      replace: values.replace,
      allowUncheckedAddresses: values['allow-unchecked-addresses'],
      keepDemo: values['keep-demo'],
      onProgress,
      by: commandActor(os.userInfo().username),
    }),
  );
  if (result === null) return 1;
  if (!result.ok) {
    if (!('refused' in result)) return printRefusal(file, result);
    console.error(`error: ${path.basename(file)} has no data rows (only its header): a payout file names at least one payout`);
    console.error(`refused ${file}; the database was not changed`);
    return 1;
  }
  printSummary(file, result);
  return 0;
});
