import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { toMicro } from '@shared/token-amount';
import type { Database } from '../../platform/db/schema.js';
import { projectRoot } from '../../platform/lib/project-root.js';
import { hasAnyRecord, insertRecordsOfSource } from '../allocation/index.js';
import { setDemoStakingStats } from '../settings/index.js';
import { hasAnyPointsAllocation, insertPointsAllocationsOfSource, refreshPointsStats } from '../point-allocations/index.js';
import { hasAnyUser, insertDemoUsers } from '../users/index.js';
import type { DemoData } from './demo-data.js';
import { demoSource } from '../../platform/demo-source.js';
import { demoWasRemoved } from './demo-counts.js';

export const demoDataFile = path.join(projectRoot, 'demo/demo-data.json');

export function readDemoData(file = demoDataFile): DemoData {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoData;
}

/** Empty means no users and no allocation data of any kind: a real database is never touched. */
async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const held = await Promise.all([hasAnyUser(db), hasAnyRecord(db), hasAnyPointsAllocation(db)]);
  return !held.includes(true);
}

export type DemoLoad = 'loaded' | 'not-empty' | 'removed-before';

/**
 * Loads the demo data set into an empty database, in one transaction, every row marked as demo (users
 * and the staking figure flagged, allocations under source 'demo'). A database the operator emptied
 * with `npm run demo:remove` is left empty.
 */
export async function loadDemoData(db: Kysely<Database>, data: DemoData = readDemoData(), now = Date.now()): Promise<DemoLoad> {
  if (!(await isEmpty(db))) return 'not-empty';
  if (await demoWasRemoved(db)) return 'removed-before';
  await db.transaction().execute(async (trx) => {
    await insertDemoUsers(
      trx,
      data.users.map((user) => ({
        walletAddress: user.walletAddress,
        totalPoints: user.points,
        createdAt: user.createdAt,
        blocked: user.blocked ? { at: user.createdAt, reason: 'demo: suspended account' } : null,
      })),
    );
    await insertRecordsOfSource(
      trx,
      demoSource,
      data.allocationRecords.map(([walletAddress, category, tokens]) => ({ walletAddress, category, micro: Number(toMicro(tokens)) })),
    );
    await insertPointsAllocationsOfSource(
      trx,
      demoSource,
      data.pointsAllocations.map(([walletAddress, finalPoints, tokens]) => ({ walletAddress, finalPoints, micro: Number(toMicro(tokens)) })),
    );
    await refreshPointsStats(trx);
    await setDemoStakingStats(trx, { lockedCount: data.stakingLockedCount }, now);
  });
  return 'loaded';
}
