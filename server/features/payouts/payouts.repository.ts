import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** A payout as an import names it: the transaction (and output, when known) that paid a wallet one category. */
export interface Payout {
  wallet: string;
  category: string;
  /** 64 lower-case hex characters. */
  txid: string;
  vout: number | null;
}

export interface RecordedPayout extends Payout {
  source: string;
}

// Wallets per read, and rows per insert: well below SQLite's 32,766 bound parameters and PostgreSQL's 65,535.
const walletsPerRead = 1000;
const rowsPerInsert = 500;

/** The recorded payouts of these wallets (normalised), every category: one statement per thousand wallets. */
export async function findPayoutsOfWallets(db: Kysely<Database>, wallets: readonly string[]): Promise<RecordedPayout[]> {
  const found: RecordedPayout[] = [];
  for (let start = 0; start < wallets.length; start += walletsPerRead) {
    const rows = await db
      .selectFrom('payouts')
      .select(['wallet_address', 'category', 'txid', 'vout', 'source'])
      .where('wallet_address', 'in', wallets.slice(start, start + walletsPerRead))
      .execute();
    for (const row of rows) {
      found.push({ wallet: row.wallet_address, category: row.category, txid: row.txid, vout: row.vout === null ? null : Number(row.vout), source: row.source });
    }
  }
  return found;
}

/** How many payouts are recorded, and how many transactions they name. */
export async function countPayouts(db: Kysely<Database>): Promise<{ payouts: number; transactions: number }> {
  const payouts = await db.selectFrom('payouts').select(db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const transactions = await db.selectFrom('payout_transactions').select(db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return { payouts: Number(payouts.count), transactions: Number(transactions.count) };
}

/**
 * Records payouts in the caller's transaction: `added` for pairs without one, `replaced` giving a pair's
 * payout another transaction (its output check starts over). Each transaction is recorded once, as
 * 'unchecked' until the checker asks an explorer; one that no payout names any longer is deleted.
 * `onBatch` hears the payouts written so far.
 */
export async function writePayouts(
  trx: Kysely<Database>,
  { added, replaced }: { added: readonly Payout[]; replaced: readonly Payout[] },
  recorded: { source: string; at: number },
  onBatch?: (written: number) => void,
): Promise<void> {
  const txids = [...new Set([...added, ...replaced].map((payout) => payout.txid))];
  for (let start = 0; start < txids.length; start += rowsPerInsert) {
    await trx
      .insertInto('payout_transactions')
      .values(txids.slice(start, start + rowsPerInsert).map((txid) => ({ txid, created_at: recorded.at })))
      .onConflict((conflict) => conflict.column('txid').doNothing())
      .execute();
  }
  let written = 0;
  for (let start = 0; start < added.length; start += rowsPerInsert) {
    const batch = added.slice(start, start + rowsPerInsert);
    await trx
      .insertInto('payouts')
      .values(batch.map((payout) => ({ wallet_address: payout.wallet, category: payout.category, txid: payout.txid, vout: payout.vout, source: recorded.source, imported_at: recorded.at })))
      .execute();
    written += batch.length;
    onBatch?.(written);
  }
  for (const payout of replaced) {
    await trx
      .updateTable('payouts')
      .set({ txid: payout.txid, vout: payout.vout, output_state: null, source: recorded.source, imported_at: recorded.at })
      .where('wallet_address', '=', payout.wallet)
      .where('category', '=', payout.category)
      .execute();
    written += 1;
    if (written % rowsPerInsert === 0 || written === added.length + replaced.length) onBatch?.(written);
  }
  if (replaced.length === 0) return;
  // A transaction already checked to the end reads its outputs again for the payouts it now pays.
  const replacedTxids = [...new Set(replaced.map((payout) => payout.txid))];
  for (let start = 0; start < replacedTxids.length; start += rowsPerInsert) {
    await trx.updateTable('payout_transactions').set({ final: 0 }).where('txid', 'in', replacedTxids.slice(start, start + rowsPerInsert)).execute();
  }
  await trx
    .deleteFrom('payout_transactions')
    .where(({ exists, not, selectFrom }) => not(exists(selectFrom('payouts').select('payouts.id').whereRef('payouts.txid', '=', 'payout_transactions.txid'))))
    .execute();
}
