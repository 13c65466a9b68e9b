import { type Kysely, sql } from 'kysely';

/**
 * Which wallet (user) an X account was first linked to, kept forever (issue 13): twitter_accounts
 * holds the current link and changes when a wallet switches accounts, this row never does, so an X
 * account once linked can never be linked to another wallet. Filled from the links that exist now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('x_account_bindings')
    .addColumn('x_user_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('x_account_bindings_user_id_idx').on('x_account_bindings').column('user_id').execute();
  await sql`insert into x_account_bindings (x_user_id, user_id, created_at)
    select x_user_id, user_id, created_at from twitter_accounts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('x_account_bindings').execute();
}
