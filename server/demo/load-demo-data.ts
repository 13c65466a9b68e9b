import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DemoData } from './demo-data.js';

export const demoDataFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../demo/demo-data.json');

export function readDemoData(file = demoDataFile): DemoData {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoData;
}

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select(db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/**
 * Loads the demo data set into an empty database, in one transaction; a database that already
 * holds users is left alone. Returns whether anything was loaded.
 */
export async function loadDemoData(db: Kysely<Database>, data: DemoData = readDemoData()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await db.transaction().execute(async (trx) => {
    for (const user of data.users) {
      await trx
        .insertInto('users')
        .values({
          wallet_address: user.walletAddress,
          total_points: user.points,
          referral_code: null,
          blocked_at: user.blocked ? user.createdAt : null,
          blocked_reason: user.blocked ? 'demo: suspended account' : null,
          created_at: user.createdAt,
          last_login_at: user.createdAt,
        })
        .execute();
    }
  });
  return true;
}
