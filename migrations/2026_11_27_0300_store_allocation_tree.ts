import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The Merkle tree of the allocation records, kept where every server process reads it: the sorted leaf
 * hashes in buckets of 16 (one short row each), and one row with the bucket roots' levels up to the
 * root, each bucket's first leaf hash and the table version the tree was built from. A proof then reads
 * a bucket or two instead of building the tree of every record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('allocation_tree')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('leaf_count', 'bigint', (col) => col.notNull())
    .addColumn('root', 'text')
    .addColumn('as_of_block', 'integer')
    .addColumn('bucket_firsts', bytes, (col) => col.notNull())
    .addColumn('upper_levels', bytes, (col) => col.notNull())
    .addColumn('built_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('allocation_tree_buckets')
    .addColumn('bucket', 'integer', (col) => col.primaryKey())
    .addColumn('leaves', bytes, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('allocation_tree_buckets').execute();
  await db.schema.dropTable('allocation_tree').execute();
}
