import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Holders' reports that their allocation looks wrong, and the operator's answer. A partial unique
 * index keeps one open report per user, so two simultaneous submissions cannot both be stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('allocation_disputes')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet_address', 'text', (col) => col.notNull())
    .addColumn('category', 'text')
    .addColumn('expected_micro', 'bigint')
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('reference', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('answer', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('answered_at', 'bigint')
    .addColumn('resolved_at', 'bigint')
    .execute();

  await db.schema
    .createIndex('allocation_disputes_one_open_idx')
    .on('allocation_disputes')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.createIndex('allocation_disputes_status_idx').on('allocation_disputes').columns(['status', 'id']).execute();
  await db.schema.createIndex('allocation_disputes_user_idx').on('allocation_disputes').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('allocation_disputes').execute();
}
