import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { toMicro } from '@shared/token-amount';
import type { Database } from '../../platform/db/schema.js';
import { projectRoot } from '../../platform/lib/project-root.js';
import { refreshPointsStats } from '../point-allocations/index.js';
import { setDemoStakingStats } from '../settings/index.js';
import type { DemoData } from './demo-data.js';
import { demoSource, demoWasRemoved } from './demo.repository.js';

export const demoDataFile = path.join(projectRoot, 'demo/demo-data.json');
const batchSize = 500;

export function readDemoData(file = demoDataFile): DemoData {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoData;
}

async function countRows(db: Kysely<Database>, table: 'users' | 'allocation_records' | 'points_allocations') {
  const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Empty means no users and no allocation data of any kind: a real database is never touched. */
async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const counts = await Promise.all([
    countRows(db, 'users'),
    countRows(db, 'allocation_records'),
    countRows(db, 'points_allocations'),
  ]);
  return counts.every((count) => count === 0);
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) await insert(rows.slice(start, start + batchSize));
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
    await insertInBatches(data.users, (batch) =>
      trx
        .insertInto('users')
        .values(
          batch.map((user) => ({
            wallet_address: user.walletAddress,
            total_points: user.points,
            referral_code: null,
            blocked_at: user.blocked ? user.createdAt : null,
            blocked_reason: user.blocked ? 'demo: suspended account' : null,
            created_at: user.createdAt,
            last_login_at: user.createdAt,
            is_demo: 1,
          })),
        )
        .execute(),
    );
    await insertInBatches(data.allocationRecords, (batch) =>
      trx
        .insertInto('allocation_records')
        .values(
          batch.map(([wallet, category, tokens]) => ({
            wallet_address: wallet,
            category,
            tokens_micro: Number(toMicro(tokens)),
            source: demoSource,
          })),
        )
        .execute(),
    );
    await insertInBatches(data.pointsAllocations, (batch) =>
      trx
        .insertInto('points_allocations')
        .values(
          batch.map(([wallet, points, tokens]) => ({
            wallet_address: wallet,
            final_points: points,
            allocated_micro: Number(toMicro(tokens)),
            source: demoSource,
          })),
        )
        .execute(),
    );
    await refreshPointsStats(trx);
    await setDemoStakingStats(trx, { lockedCount: data.stakingLockedCount }, now);
  });
  return 'loaded';
}
