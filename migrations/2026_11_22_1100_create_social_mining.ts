import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = postgres ? 'bigserial' : 'integer';

  // When the user's last tweet claim was made: the cooldown is enforced by a conditional update of this column.
  await db.schema.alterTable('users').addColumn('last_tweet_claim_at', 'bigint').execute();
  await db.schema.createIndex('users_last_login_at_idx').on('users').column('last_login_at').execute();

  await db.schema
    .createTable('twitter_accounts')
    .addColumn('id', id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'bigint', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('x_user_id', 'text', (col) => col.notNull().unique())
    .addColumn('handle', 'text', (col) => col.notNull())
    .addColumn('is_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verification_checked_at', 'bigint', (col) => col.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('token_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  // OAuth state: bound to the session that asked for it, single use, short-lived.
  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('session_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('oauth_states_expires_at_idx').on('oauth_states').column('expires_at').execute();

  // One row per claimed post; the unique tweet id makes a post claimable once, ever.
  await db.schema
    .createTable('tweet_claims')
    .addColumn('id', id, (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tweet_id', 'text', (col) => col.notNull().unique())
    .addColumn('tweet_url', 'text', (col) => col.notNull())
    .addColumn('tweet_text', 'text', (col) => col.notNull())
    .addColumn('is_custom', 'integer', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('tweet_claims_user_idx')
    .on('tweet_claims')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('tweet_claims_created_at_idx').on('tweet_claims').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tweet_claims').execute();
  await db.schema.dropTable('oauth_states').execute();
  await db.schema.dropTable('twitter_accounts').execute();
  await db.schema.dropIndex('users_last_login_at_idx').execute();
  await db.schema.alterTable('users').dropColumn('last_tweet_claim_at').execute();
}
