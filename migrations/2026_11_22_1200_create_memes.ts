import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('memes')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tracking_code', 'text', (col) => col.notNull().unique())
    .addColumn('session_token', 'text', (col) => col.notNull().unique())
    .addColumn('theme', 'text', (col) => col.notNull())
    .addColumn('prompt', 'text')
    .addColumn('meme_text', 'text', (col) => col.notNull())
    .addColumn('template_id', 'integer', (col) => col.notNull())
    .addColumn('uploaded_image', 'text')
    .addColumn('image_file', 'text', (col) => col.notNull())
    .addColumn('is_posted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('points_earned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('posted_at', 'bigint')
    .execute();
  await db.schema.createIndex('memes_user_idx').on('memes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('memes_posted_idx').on('memes').columns(['is_posted', 'posted_at']).execute();

  // A meme claim is a post claim too: the same unique tweet id makes any post claimable once.
  await db.schema.alterTable('tweet_claims').addColumn('meme_id', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tweet_claims').dropColumn('meme_id').execute();
  await db.schema.dropTable('memes').execute();
}
