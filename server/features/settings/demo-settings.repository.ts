import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The settings the demo data set wrote (its staking figure) and nobody has written over since. */

export async function countDemoSettings(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('settings').select((eb) => eb.fn.countAll().as('n')).where('is_demo', '=', 1).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasDemoSettings(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('key').where('is_demo', '=', 1).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Deletes them in the caller's transaction; returns how many there were. */
export async function deleteDemoSettings(trx: Kysely<Database>): Promise<number> {
  const result = await trx.deleteFrom('settings').where('is_demo', '=', 1).executeTakeFirst();
  return Number(result.numDeletedRows);
}
