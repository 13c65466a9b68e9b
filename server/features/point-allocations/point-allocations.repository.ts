import type { Kysely } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

// Named, not `*`: a prepared query's statement must not change shape when a later migration adds a column.
const pointsAllocationColumns = ['id', 'wallet_address', 'final_points', 'allocated_micro', 'source'] as const;

/** One probe of the unique wallet index. */
export const pointsAllocationQuery = preparedQuery((db: Kysely<Database>, walletAddress: string) =>
  db.selectFrom('points_allocations').select(pointsAllocationColumns).where('wallet_address', '=', walletAddress),
);

export async function findPointsAllocation(db: Kysely<Database>, walletAddress: string) {
  const [row] = await pointsAllocationQuery.execute(db, walletAddress);
  return row;
}

/** A page of the ranking, read along the (allocated_micro desc, id) index. */
export const pointsPageQuery = preparedQuery((db: Kysely<Database>, limit: number, offset: number) =>
  db
    .selectFrom('points_allocations')
    .select(pointsAllocationColumns)
    .orderBy('allocated_micro', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset),
);

export async function listPointsAllocations(db: Kysely<Database>, limit: number, offset: number) {
  return pointsPageQuery.execute(db, limit, offset);
}
