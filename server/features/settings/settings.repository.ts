import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

/** The staking figure set by `npm run set-staking` (or the demo data set). */
export interface StoredStakingStats {
  lockedCount: number;
}

/** The aggregate of points_allocations, refreshed by every write to that table. */
export interface PointsStats {
  totalAllocations: number;
  totalTokensMicro: number;
  totalPoints: number;
}

/** Written by `npm run demo:remove`. */
export interface DemoRemovedMark {
  removedAt: number;
}

export interface Stored<T> {
  value: T;
  updatedAt: number;
}

/** Every setting the app keeps; the keys are named nowhere else. */
const keys = {
  stakingStats: 'staking_stats',
  pointsStats: 'points_allocation_stats',
  demoRemoved: 'demo_data_removed',
} as const;

// Read on every top-holders page: compiled once.
const settingQuery = preparedQuery((db: Kysely<Database>, key: string) =>
  db.selectFrom('settings').select(['value', 'updated_at']).where('key', '=', key),
);

async function readSetting<T>(db: Kysely<Database>, key: string): Promise<Stored<T> | null> {
  const [row] = await settingQuery.execute(db, key);
  return row ? { value: JSON.parse(row.value) as T, updatedAt: row.updated_at } : null;
}

/** Writes a value; a value written over the demo data set's is no longer demo data (is_demo back to 0). */
async function writeSetting(db: Kysely<Database>, key: string, value: unknown, now: number): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now, is_demo: 0 }))
    .execute();
}

export const getStakingStats = (db: Kysely<Database>) => readSetting<StoredStakingStats>(db, keys.stakingStats);

export const setStakingStats = (db: Kysely<Database>, value: StoredStakingStats, now = Date.now()) =>
  writeSetting(db, keys.stakingStats, value, now);

/** The demo data set's staking figure, marked as demo; a figure already set by the operator wins. */
export async function setDemoStakingStats(db: Kysely<Database>, value: StoredStakingStats, now: number): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: keys.stakingStats, value: JSON.stringify(value), updated_at: now, is_demo: 1 })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export const getPointsStats = (db: Kysely<Database>) => readSetting<PointsStats>(db, keys.pointsStats);

export const setPointsStats = (db: Kysely<Database>, value: PointsStats, now = Date.now()) =>
  writeSetting(db, keys.pointsStats, value, now);

export const getDemoRemoved = (db: Kysely<Database>) => readSetting<DemoRemovedMark>(db, keys.demoRemoved);

export const setDemoRemoved = (db: Kysely<Database>, value: DemoRemovedMark, now = Date.now()) =>
  writeSetting(db, keys.demoRemoved, value, now);
