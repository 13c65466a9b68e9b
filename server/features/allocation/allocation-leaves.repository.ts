import type { Kysely } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

export interface LeafRow {
  id: number;
  wallet_address: string;
  category: string;
  tokens_micro: number;
  source: string;
}

/** The next rows after `afterId`, by primary key: keyset pages, so a million rows never sit in one result. */
export async function readLeafRows(db: Kysely<Database>, afterId: number, limit: number): Promise<LeafRow[]> {
  return db
    .selectFrom('allocation_records')
    .select(['id', 'wallet_address', 'category', 'tokens_micro', 'source'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// Two scalar subqueries: SQLite only short-cuts min() or max() when it is the query's one aggregate.
export const idRangeQuery = preparedQuery((db: Kysely<Database>) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('allocation_records').select((inner) => inner.fn.min('id').as('id')).as('minId'),
    eb.selectFrom('allocation_records').select((inner) => inner.fn.max('id').as('id')).as('maxId'),
  ]),
);

/**
 * The lowest and highest id: two probes of the primary key. Ids are never reused, so any insert moves the
 * highest and deleting the oldest rows (the demo set) moves the lowest.
 */
export async function findIdRange(db: Kysely<Database>): Promise<{ minId: number | null; maxId: number | null }> {
  const [row] = await idRangeQuery.execute(db);
  const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return { minId: toNumber(row?.minId), maxId: toNumber(row?.maxId) };
}

/**
 * Every record of one wallet, each with the "as of" height of its source's snapshot: one range of the
 * covering wallet index and a key probe of the few snapshot rows. Unordered: the caller sorts a handful
 * of rows, where a sort here would be the plan's one step beside the index.
 */
export const walletLeafRowsQuery = preparedQuery((db: Kysely<Database>, walletAddress: string) =>
  db
    .selectFrom('allocation_records as records')
    .leftJoin('allocation_snapshots as snapshots', 'snapshots.source', 'records.source')
    .select(['records.category', 'records.tokens_micro', 'snapshots.as_of_block'])
    .where('records.wallet_address', '=', walletAddress),
);

export async function findWalletLeafRows(db: Kysely<Database>, walletAddress: string) {
  return walletLeafRowsQuery.execute(db, walletAddress);
}
