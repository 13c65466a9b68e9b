import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Adds each minute's count to what the other processes added (one upsert per minute). */
export async function addLookupCounts(db: Kysely<Database>, counts: ReadonlyMap<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const rows = [...counts].map(([minute, count]) => ({ minute, count }));
  await db
    .insertInto('lookup_counts')
    .values(rows)
    .onConflict((oc) => oc.column('minute').doUpdateSet((eb) => ({ count: eb('lookup_counts.count', '+', eb.ref('excluded.count')) })))
    .execute();
}

/** The lookups of every process from `fromMinute` on (inclusive). */
export async function sumLookupCounts(db: Kysely<Database>, fromMinute: number): Promise<number> {
  const row = await db
    .selectFrom('lookup_counts')
    .select((eb) => eb.fn.sum<number | string | null>('count').as('total'))
    .where('minute', '>=', fromMinute)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Removes the minutes before `minute`; answers how many. */
export async function deleteLookupCountsBefore(db: Kysely<Database>, minute: number): Promise<number> {
  const result = await db.deleteFrom('lookup_counts').where('minute', '<', minute).executeTakeFirst();
  return Number(result.numDeletedRows);
}
