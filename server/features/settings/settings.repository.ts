import type { Kysely } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';
import type { RevealSchedule } from '../../platform/reveal-schedule.js';

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
  revealSchedule: 'launch_reveal_schedule',
  revealedAt: 'launch_revealed_at',
  pause: 'launch_pause',
  notice: 'launch_notice',
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

/** Set by `npm run launch -- pause`: the reveal-gated calls answer 503 with this reason. */
export interface StoredPause {
  reason: string;
  since: number;
}

/** Set by `npm run launch -- notice`: a banner in both languages that gates nothing. */
export interface StoredNotice {
  en: string;
  zh: string;
}

/** Everything launch day is run by, read in one query (every process re-reads it every few seconds). */
export interface LaunchSettings {
  revealSchedule: RevealSchedule | null;
  /** When the list became public, recorded once (a block reveal then needs no explorer any more). */
  revealedAt: number | null;
  pause: StoredPause | null;
  notice: StoredNotice | null;
}

const launchKeys = [keys.revealSchedule, keys.revealedAt, keys.pause, keys.notice];

export async function getLaunchSettings(db: Kysely<Database>): Promise<LaunchSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', launchKeys).execute();
  const value = <T>(key: string): T | null => {
    const row = rows.find((candidate) => candidate.key === key);
    return row ? (JSON.parse(row.value) as T) : null;
  };
  return {
    revealSchedule: value<RevealSchedule>(keys.revealSchedule),
    revealedAt: value<{ at: number }>(keys.revealedAt)?.at ?? null,
    pause: value<StoredPause>(keys.pause),
    notice: value<StoredNotice>(keys.notice),
  };
}

async function insertIfAbsent(db: Kysely<Database>, key: string, value: unknown, now: number): Promise<boolean> {
  const result = await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

const deleteSetting = async (db: Kysely<Database>, key: string) => {
  await db.deleteFrom('settings').where('key', '=', key).execute();
};

/** A new schedule; a reveal already recorded is forgotten, so the list is hidden until the new one comes. */
export async function setRevealSchedule(db: Kysely<Database>, schedule: RevealSchedule, now = Date.now()): Promise<void> {
  // Inside the caller's transaction when it has one (an operator command recording its change).
  const write = async (trx: Kysely<Database>) => {
    await writeSetting(trx, keys.revealSchedule, schedule, now);
    if (schedule.kind === 'now') await insertIfAbsent(trx, keys.revealedAt, { at: now }, now);
    else await deleteSetting(trx, keys.revealedAt);
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/** The start-up schedule (ALLOCATION_REVEAL_AT), stored only when no schedule is; true when it was. */
export const seedRevealSchedule = (db: Kysely<Database>, schedule: RevealSchedule, now = Date.now()) =>
  insertIfAbsent(db, keys.revealSchedule, schedule, now);

/** The first process to see the reveal records when; later calls change nothing. */
export const recordRevealedAt = (db: Kysely<Database>, at: number) => insertIfAbsent(db, keys.revealedAt, { at }, at);

export const setPause = (db: Kysely<Database>, pause: StoredPause | null, now = Date.now()) =>
  pause ? writeSetting(db, keys.pause, pause, now) : deleteSetting(db, keys.pause);

export const setNotice = (db: Kysely<Database>, notice: StoredNotice | null, now = Date.now()) =>
  notice ? writeSetting(db, keys.notice, notice, now) : deleteSetting(db, keys.notice);
