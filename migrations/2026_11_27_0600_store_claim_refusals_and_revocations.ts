import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Refused claim attempts, kept for the operator console: the code the member was answered with and,
 * for a (near) copy of an earlier claimed post, the similarity and the earlier claim it matched. A
 * claim an operator revoked keeps its row (its post stays claimed) with when and why.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('claim_refusals')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('tweet_id', 'text', (col) => col.notNull())
    .addColumn('tweet_url', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('similarity', 'double precision')
    .addColumn('matched_claim_id', 'bigint', (col) => col.references('tweet_claims.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('claim_refusals_created_at_idx').on('claim_refusals').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('claim_refusals_user_idx').on('claim_refusals').column('user_id').execute();
  await db.schema.createIndex('claim_refusals_matched_idx').on('claim_refusals').column('matched_claim_id').execute();

  await db.schema.alterTable('tweet_claims').addColumn('revoked_at', 'bigint').execute();
  await db.schema.alterTable('tweet_claims').addColumn('revoked_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tweet_claims').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('tweet_claims').dropColumn('revoked_at').execute();
  await db.schema.dropTable('claim_refusals').execute();
}
