import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { countRowsOfSource, deleteRowsOfSource } from '../../platform/db/source-rows.js';
import { getDemoRemoved } from '../settings/index.js';

/** The import source of every demo allocation record and points allocation; imports may not use it. */
import { demoSource } from '../../platform/demo-source.js';

export { demoSource };

/** Demo rows still in the database, per table. */
export interface DemoCounts {
  users: number;
  allocationRecords: number;
  pointsAllocations: number;
  /** The staking figure, unless a real one was written over it. */
  settings: number;
}

const count = (value: unknown) => Number(value);

export async function countDemoRows(db: Kysely<Database>): Promise<DemoCounts> {
  const [users, allocationRecords, pointsAllocations, settings] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('is_demo', '=', 1).executeTakeFirstOrThrow(),
    countRowsOfSource(db, 'allocation_records', demoSource),
    countRowsOfSource(db, 'points_allocations', demoSource),
    db.selectFrom('settings').select((eb) => eb.fn.countAll().as('n')).where('is_demo', '=', 1).executeTakeFirstOrThrow(),
  ]);
  return {
    users: count(users.n),
    allocationRecords,
    pointsAllocations,
    settings: count(settings.n),
  };
}

export const hasAnyDemoRow = (counts: DemoCounts) => Object.values(counts).some((value) => value > 0);

/** Whether any demo row is left: one round trip of four index probes, cheap enough for a public endpoint. */
export async function demoRowsPresent(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(eb.selectFrom('users').select(sql.lit(1).as('one')).where('is_demo', '=', 1)),
          eb.exists(eb.selectFrom('allocation_records').select(sql.lit(1).as('one')).where('source', '=', demoSource)),
          eb.exists(eb.selectFrom('points_allocations').select(sql.lit(1).as('one')).where('source', '=', demoSource)),
          eb.exists(eb.selectFrom('settings').select(sql.lit(1).as('one')).where('is_demo', '=', 1)),
        ])
        .as('present'),
    )
    .executeTakeFirstOrThrow();
  // PostgreSQL answers a boolean, SQLite 0 or 1.
  return Boolean(Number(row.present));
}

/**
 * Demo users someone has since used for real: logged in (a session or a login after the demo's own
 * time), linked X, claimed a post or made a meme. These are kept when the demo set is removed.
 */
export async function findDemoUsersWithActivity(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.is_demo', '=', 1)
    .where((eb) =>
      eb.or([
        eb('users.last_login_at', '<>', eb.ref('users.created_at')),
        eb.exists(eb.selectFrom('sessions').select(sql.lit(1).as('one')).whereRef('sessions.user_id', '=', 'users.id')),
        eb.exists(eb.selectFrom('twitter_accounts').select(sql.lit(1).as('one')).whereRef('twitter_accounts.user_id', '=', 'users.id')),
        eb.exists(eb.selectFrom('tweet_claims').select(sql.lit(1).as('one')).whereRef('tweet_claims.user_id', '=', 'users.id')),
        eb.exists(eb.selectFrom('memes').select(sql.lit(1).as('one')).whereRef('memes.user_id', '=', 'users.id')),
      ]),
    )
    .orderBy('users.id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Keeps a demo user as a real one: unmarked, with only the points their own claims earned. */
export async function keepDemoUsers(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({
      is_demo: 0,
      total_points: eb.fn.coalesce(
        eb.selectFrom('tweet_claims').select((sub) => sub.fn.sum<number>('points').as('points')).whereRef('tweet_claims.user_id', '=', 'users.id'),
        sql.lit(0),
      ),
    }))
    .where('id', 'in', ids)
    .execute();
}

export async function deleteDemoUsers(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('users').where('is_demo', '=', 1).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const deleteDemoAllocationRecords = (db: Kysely<Database>) => deleteRowsOfSource(db, 'allocation_records', demoSource);

export const deleteDemoPointsAllocations = (db: Kysely<Database>) => deleteRowsOfSource(db, 'points_allocations', demoSource);

export async function deleteDemoSettings(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('settings').where('is_demo', '=', 1).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Marked by `npm run demo:remove`, so `npm start` does not load the demo set again into the emptied database. */
export async function demoWasRemoved(db: Kysely<Database>): Promise<boolean> {
  return (await getDemoRemoved(db)) !== null;
}
