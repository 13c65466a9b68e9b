import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Small named JSON values written by CLIs and read by routes. */
export async function readSetting<T>(db: Kysely<Database>, key: string): Promise<{ value: T; updatedAt: number } | null> {
  const row = await db.selectFrom('settings').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst();
  return row ? { value: JSON.parse(row.value) as T, updatedAt: row.updated_at } : null;
}

/** Writes a value; a value written over the demo data set's is no longer demo data (is_demo back to 0). */
export async function writeSetting(db: Kysely<Database>, key: string, value: unknown, now = Date.now()): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now, is_demo: 0 }))
    .execute();
}
