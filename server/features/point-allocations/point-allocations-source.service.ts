import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { refreshPointsStats } from './point-allocations-stats.repository.js';
import {
  deletePointsAllocationsOfSource,
  insertPointsAllocations,
  type NewPointsAllocation,
} from './point-allocations-source.repository.js';

/**
 * Replaces the points allocations of `source` with `rows` and refreshes the aggregate stats; returns how
 * many rows were replaced. Run it inside the caller's transaction (with the import's audit entry, if
 * any): a wallet held by another source fails the unique index, and the whole write must roll back.
 */
export async function replacePointsAllocations(
  trx: Kysely<Database>,
  source: string,
  rows: readonly NewPointsAllocation[],
  onBatch?: (inserted: number) => void,
): Promise<number> {
  if (!trx.isTransaction) throw new Error('replacePointsAllocations runs inside the caller\'s transaction');
  const replaced = await deletePointsAllocationsOfSource(trx, source);
  await insertPointsAllocations(trx, rows, onBatch);
  await refreshPointsStats(trx);
  return replaced;
}
