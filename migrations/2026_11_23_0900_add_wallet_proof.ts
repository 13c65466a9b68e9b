import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Sign-in challenges: one row per issued message; the nonce is spent by a conditional update of used_at.
  await db.schema
    .createTable('auth_challenges')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('wallet_address', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('auth_challenges_expires_at_idx').on('auth_challenges').column('expires_at').execute();

  // One column per statement: SQLite adds a single column per ALTER TABLE.
  await db.schema.alterTable('sessions').addColumn('proven', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sessions').addColumn('wallet_name', 'text').execute();
  // Set by the first proven sign-in; from then on the wallet cannot be entered by address alone.
  await db.schema.alterTable('users').addColumn('wallet_protected_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('wallet_protected_at').execute();
  await db.schema.alterTable('sessions').dropColumn('wallet_name').execute();
  await db.schema.alterTable('sessions').dropColumn('proven').execute();
  await db.schema.dropTable('auth_challenges').execute();
}
