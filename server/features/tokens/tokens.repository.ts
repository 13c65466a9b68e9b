import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function findPointsAllocation(db: Kysely<Database>, walletAddress: string) {
  return db.selectFrom('points_allocations').selectAll().where('wallet_address', '=', walletAddress).executeTakeFirst();
}

/** A page of the ranking, read along the (allocated_micro desc, id) index. */
export async function listPointsAllocations(db: Kysely<Database>, limit: number, offset: number) {
  return db
    .selectFrom('points_allocations')
    .selectAll()
    .orderBy('allocated_micro', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}
