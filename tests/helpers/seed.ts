import type { Kysely } from 'kysely';
import type { Database } from '../../server/platform/db/schema.js';
import { refreshPointsStats } from '../../server/features/point-allocations/point-allocations-stats.repository.js';
import { toMicro } from '../../shared/token-amount.js';

export async function seedAllocationRecords(
  db: Kysely<Database>,
  rows: Array<{ wallet: string; category: string; tokens: string }>,
): Promise<void> {
  await db
    .insertInto('allocation_records')
    .values(
      rows.map((row) => ({
        wallet_address: row.wallet,
        category: row.category,
        tokens_micro: Number(toMicro(row.tokens)),
        source: 'test',
      })),
    )
    .execute();
}

export async function seedPointsAllocations(
  db: Kysely<Database>,
  rows: Array<{ wallet: string; points: number; tokens: string }>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('points_allocations')
      .values(
        rows.slice(start, start + 500).map((row) => ({
          wallet_address: row.wallet,
          final_points: row.points,
          allocated_micro: Number(toMicro(row.tokens)),
          source: 'test',
        })),
      )
      .execute();
  }
  await refreshPointsStats(db);
}
