import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The points allocations of one source (a points file's `--source`, `allocate`'s, or the demo set's). */

/** Whether the source holds any points allocation: one probe of the source index. */
export async function hasPointsAllocationsOfSource(db: Kysely<Database>, source: string): Promise<boolean> {
  const row = await db.selectFrom('points_allocations').select('id').where('source', '=', source).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyPointsAllocation(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('points_allocations').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

// Rows per insert: four parameters each, well below SQLite's and PostgreSQL's bound-parameter limits.
const rowsPerInsert = 500;

/** Appends a few points allocations of one source in the caller's transaction (the demo set; imports write theirs in bulk). */
export async function insertPointsAllocationsOfSource(
  trx: Kysely<Database>,
  source: string,
  allocations: readonly { walletAddress: string; finalPoints: number; micro: number }[],
): Promise<void> {
  for (let start = 0; start < allocations.length; start += rowsPerInsert) {
    const values = allocations.slice(start, start + rowsPerInsert).map((allocation) => ({
      wallet_address: allocation.walletAddress,
      final_points: allocation.finalPoints,
      allocated_micro: allocation.micro,
      source,
    }));
    await trx.insertInto('points_allocations').values(values).execute();
  }
}
