import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { demoSource } from '../../platform/demo-source.js';
import { countRecordsOfSource, hasRecordsOfSource } from '../allocation/index.js';
import { countDemoSettings, getDemoRemoved, hasDemoSettings } from '../settings/index.js';
import { countPointsAllocationsOfSource, hasPointsAllocationsOfSource } from '../point-allocations/index.js';
import { countDemoUsers, hasDemoUsers } from '../users/index.js';

/** Demo rows still in the database, per table. */
export interface DemoCounts {
  users: number;
  allocationRecords: number;
  pointsAllocations: number;
  /** The staking figure, unless a real one was written over it. */
  settings: number;
}

export async function countDemoRows(db: Kysely<Database>): Promise<DemoCounts> {
  const [users, allocationRecords, pointsAllocations, settings] = await Promise.all([
    countDemoUsers(db),
    countRecordsOfSource(db, demoSource),
    countPointsAllocationsOfSource(db, demoSource),
    countDemoSettings(db),
  ]);
  return { users, allocationRecords, pointsAllocations, settings };
}

export const hasAnyDemoRow = (counts: DemoCounts) => Object.values(counts).some((value) => value > 0);

/** Whether any demo row is left: four index probes, side by side on PostgreSQL's pool, cheap enough for a public endpoint. */
export async function demoRowsPresent(db: Kysely<Database>): Promise<boolean> {
  const present = await Promise.all([
    hasDemoUsers(db),
    hasRecordsOfSource(db, demoSource),
    hasPointsAllocationsOfSource(db, demoSource),
    hasDemoSettings(db),
  ]);
  return present.includes(true);
}

/** Marked by `npm run demo:remove`, so `npm start` does not load the demo set again into the emptied database. */
export async function demoWasRemoved(db: Kysely<Database>): Promise<boolean> {
  return (await getDemoRemoved(db)) !== null;
}
