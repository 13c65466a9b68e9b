import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * What the operator sent: one payout per (wallet, category) of the allocation list, naming the Bitcoin
 * transaction (and, when known, the output) that carried those tokens; and each such transaction once,
 * with what the block explorers last said of it.
 *
 * payout_transactions, one row per txid any payout names (a row no payout names is deleted with the
 * change that left it so):
 *   state          'unchecked' until an explorer is asked; then 'unconfirmed' (in the mempool),
 *                  'confirmed' (in block `block_height`), 'dropped' (seen once, now known to no explorer:
 *                  replaced or evicted) or 'not_found' (never seen by any explorer)
 *   block_height   the block that confirmed it, while 'confirmed'
 *   first_seen_at  when an explorer first reported it (mempool or block); null until then, which tells
 *                  'not_found' from 'dropped'
 *   checked_at     the last time an explorer was asked; null while 'unchecked'
 *   final          1 once the checker need not ask again (confirmed deep enough); 0 otherwise
 *   created_at     when an import first named it
 * payouts.output_state is per payout, since one transaction pays many wallets: null until the checker
 * read the transaction's outputs, then 'paid' (an output to the wallet, at `vout` when given) or
 * 'wrong_address' (none). A payout given another transaction starts over at null.
 *
 * The unique (wallet_address, category) index is the lookup's: one probe per category a wallet holds.
 * Frozen here: no app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('payout_transactions')
    .addColumn('txid', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('unchecked'))
    .addColumn('block_height', 'bigint')
    .addColumn('first_seen_at', 'bigint')
    .addColumn('checked_at', 'bigint')
    .addColumn('final', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // The checker's queue: the transactions still open, least recently checked first.
  await db.schema.createIndex('payout_transactions_due_idx').on('payout_transactions').columns(['final', 'checked_at']).execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('wallet_address', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('txid', 'text', (col) => col.notNull().references('payout_transactions.txid'))
    .addColumn('vout', 'bigint')
    .addColumn('output_state', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('imported_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payouts_wallet_category_idx').on('payouts').columns(['wallet_address', 'category']).unique().execute();
  await db.schema.createIndex('payouts_txid_idx').on('payouts').column('txid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('payout_transactions').execute();
}
