import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

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

/**
 * The lowest and highest id: two probes of the primary key. Ids are never reused, so any insert moves the
 * highest and deleting the oldest rows (the demo set) moves the lowest.
 */
export async function findIdRange(db: Kysely<Database>): Promise<{ minId: number | null; maxId: number | null }> {
  // Two scalar subqueries: SQLite only short-cuts min() or max() when it is the query's one aggregate.
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('allocation_records').select((inner) => inner.fn.min('id').as('id')).as('minId'),
      eb.selectFrom('allocation_records').select((inner) => inner.fn.max('id').as('id')).as('maxId'),
    ])
    .executeTakeFirst();
  const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return { minId: toNumber(row?.minId), maxId: toNumber(row?.maxId) };
}

/** Every record of one wallet (the wallet index), in a stable order. */
export async function findWalletLeafRows(db: Kysely<Database>, walletAddress: string) {
  return db
    .selectFrom('allocation_records')
    .select(['category', 'tokens_micro'])
    .where('wallet_address', '=', walletAddress)
    .orderBy('category')
    .orderBy('tokens_micro')
    .execute();
}
