import type { Kysely } from 'kysely';

/**
 * One row per allocation import source: the block height its figures are "as of" (null when unknown) and
 * when it was imported. The allocation page shows the height; the Merkle root's cache keys on these rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('allocation_snapshots')
    .addColumn('source', 'text', (col) => col.primaryKey())
    .addColumn('as_of_block', 'integer')
    .addColumn('imported_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('allocation_snapshots').execute();
}
