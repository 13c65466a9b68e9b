import type { Kysely } from 'kysely';

/**
 * Allocation lookups per minute, added to by every server process: each counts in memory and adds its
 * counts every few seconds and when it stops, so a lookup never writes to the database itself. The
 * janitor removes minutes older than a day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lookup_counts')
    // Minutes since the epoch (UTC).
    .addColumn('minute', 'bigint', (col) => col.primaryKey())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lookup_counts').execute();
}
