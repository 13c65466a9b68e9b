import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { refreshPointsStats } from '../tokens/points-stats.repository.js';
import { type ImportProgress, progressEvery } from './import-file.js';
import {
  deleteAllocationRecordsOfSource,
  deletePointsAllocationsOfSource,
  insertAllocationRecords,
  insertPointsAllocations,
  type NewAllocationRecord,
  type NewPointsAllocation,
} from './imports.repository.js';

function writeProgress(total: number, onProgress?: ImportProgress) {
  let reported = 0;
  return (inserted: number) => {
    const due = Math.floor(inserted / progressEvery) > Math.floor(reported / progressEvery);
    if (onProgress && (due || (inserted === total && total >= progressEvery))) {
      onProgress({ phase: 'write', rows: inserted, total });
    }
    reported = inserted;
  };
}

/** Replaces every allocation record of `source` in one transaction; returns how many rows it replaced. */
export async function replaceAllocationSource(
  db: Kysely<Database>,
  source: string,
  rows: readonly NewAllocationRecord[],
  onProgress?: ImportProgress,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const replaced = await deleteAllocationRecordsOfSource(trx, source);
    await insertAllocationRecords(trx, rows, writeProgress(rows.length, onProgress));
    return replaced;
  });
}

/**
 * Replaces every points allocation of `source` in one transaction, refreshing the aggregate stats in the
 * same transaction. A wallet held by another source fails the unique index and rolls everything back.
 */
export async function replacePointsSource(
  db: Kysely<Database>,
  source: string,
  rows: readonly NewPointsAllocation[],
  onProgress?: ImportProgress,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const replaced = await deletePointsAllocationsOfSource(trx, source);
    await insertPointsAllocations(trx, rows, writeProgress(rows.length, onProgress));
    await refreshPointsStats(trx);
    return replaced;
  });
}
