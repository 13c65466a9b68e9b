import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { getPointsStats, type PointsStats, setPointsStats } from '../settings/index.js';

/**
 * Recomputes the aggregate of points_allocations. Called inside the transaction of every write to
 * that table (imports, `npm run allocate`), so GET /api/tokens/stats reads one row instead of
 * scanning a million.
 */
export async function refreshPointsStats(db: Kysely<Database>): Promise<PointsStats> {
  const row = await db
    .selectFrom('points_allocations')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('allocated_micro'), eb.lit(0)).as('tokens'),
      eb.fn.coalesce(eb.fn.sum<number>('final_points'), eb.lit(0)).as('points'),
    ])
    .executeTakeFirstOrThrow();
  const stats = {
    totalAllocations: Number(row.count),
    totalTokensMicro: Number(row.tokens),
    totalPoints: Number(row.points),
  };
  await setPointsStats(db, stats);
  return stats;
}

export async function readPointsStats(db: Kysely<Database>): Promise<PointsStats> {
  const stored = await getPointsStats(db);
  return stored?.value ?? { totalAllocations: 0, totalTokensMicro: 0, totalPoints: 0 };
}
