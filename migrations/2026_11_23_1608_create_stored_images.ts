import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Uploaded and rendered images kept in the database, so every server process behind a balancer can
 * read what another one wrote. Used on PostgreSQL; on SQLite (one process) the files stay in
 * DATA_DIR/uploads and this table stays empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stored_images')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('data', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('modified_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('stored_images_modified_at_idx').on('stored_images').column('modified_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_images').execute();
}
