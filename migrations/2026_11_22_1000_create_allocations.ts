import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = postgres ? 'bigserial' : 'integer';

  // Allocation records: one wallet has several categories (TGE airdrop, whale bonus #1-#3, …).
  await db.schema
    .createTable('allocation_records')
    .addColumn('id', id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('wallet_address', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('tokens_micro', 'bigint', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('allocation_records_wallet_idx')
    .on('allocation_records')
    .columns(['wallet_address', 'category'])
    .execute();
  await db.schema.createIndex('allocation_records_source_idx').on('allocation_records').column('source').execute();

  // Points allocations: one row per wallet, from an import or from `npm run allocate`.
  await db.schema
    .createTable('points_allocations')
    .addColumn('id', id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('wallet_address', 'text', (col) => col.notNull().unique())
    .addColumn('final_points', 'bigint', (col) => col.notNull())
    .addColumn('allocated_micro', 'bigint', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('points_allocations_rank_idx')
    .on('points_allocations')
    .columns(['allocated_micro desc', 'id'])
    .execute();
  await db.schema.createIndex('points_allocations_source_idx').on('points_allocations').column('source').execute();

  // Small named values written by CLIs (staking figures, aggregate allocation stats).
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('points_allocations').execute();
  await db.schema.dropTable('allocation_records').execute();
}
