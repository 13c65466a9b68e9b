import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { demoSource } from '../../platform/demo-source.js';
import { deleteRecordsOfSource } from '../allocation/index.js';
import { standingClaimPointsOfUsers } from '../claims/index.js';
import { deleteDemoSettings, setDemoRemoved } from '../settings/index.js';
import { deletePointsAllocationsOfSource, refreshPointsStats } from '../point-allocations/index.js';
import { deleteDemoUsers, keepDemoUsers } from '../users/index.js';
import { findUsedDemoUsers } from './used-demo-users.js';

export interface DemoRemoval {
  users: number;
  /** Demo users kept because someone used them for real; they lose their demo points. */
  usersKept: number;
  allocationRecords: number;
  pointsAllocations: number;
  /** The staking figure, unless a real one had been written over it. */
  settings: number;
}

/**
 * Deletes exactly the demo rows in one transaction, refreshes the aggregate they were counted in, and
 * records the removal so `npm start` does not load the demo set again into the now empty database.
 */
export async function removeDemoData(db: Kysely<Database>, now = Date.now()): Promise<DemoRemoval> {
  // Inside the caller's transaction when it has one (the command records the removal in the audit log).
  const remove = async (trx: Kysely<Database>) => {
    const used = await findUsedDemoUsers(trx);
    // A kept user keeps only what its own standing claims earned, not the demo's points.
    const claimPoints = await standingClaimPointsOfUsers(trx, used);
    await keepDemoUsers(trx, used.map((id) => ({ id, totalPoints: claimPoints.get(id) ?? 0 })));
    const removal: DemoRemoval = {
      users: await deleteDemoUsers(trx),
      usersKept: used.length,
      allocationRecords: await deleteRecordsOfSource(trx, demoSource),
      pointsAllocations: await deletePointsAllocationsOfSource(trx, demoSource),
      settings: await deleteDemoSettings(trx),
    };
    await refreshPointsStats(trx);
    await setDemoRemoved(trx, { removedAt: now }, now);
    return removal;
  };
  return db.isTransaction ? remove(db) : db.transaction().execute(remove);
}
