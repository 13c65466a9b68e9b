import type { Kysely } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

/** One probe of the unique wallet index. */
export const pointsAllocationQuery = preparedQuery((db: Kysely<Database>, walletAddress: string) =>
  db.selectFrom('points_allocations').selectAll().where('wallet_address', '=', walletAddress),
);

export async function findPointsAllocation(db: Kysely<Database>, walletAddress: string) {
  const [row] = await pointsAllocationQuery.execute(db, walletAddress);
  return row;
}

/** A page of the ranking, read along the (allocated_micro desc, id) index. */
export const pointsPageQuery = preparedQuery((db: Kysely<Database>, limit: number, offset: number) =>
  db
    .selectFrom('points_allocations')
    .selectAll()
    .orderBy('allocated_micro', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset),
);

export async function listPointsAllocations(db: Kysely<Database>, limit: number, offset: number) {
  return pointsPageQuery.execute(db, limit, offset);
}
