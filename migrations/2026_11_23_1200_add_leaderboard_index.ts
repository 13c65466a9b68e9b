import { type Kysely, sql } from 'kysely';

/**
 * The miners' leaderboard order (points, then who reached them first, then account age) among
 * unblocked users: a page is read in index order without sorting every miner, and a viewer's rank
 * (users with more points) is a range count. The expression must stay identical to the query's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_leaderboard_idx')
    .on('users')
    .expression(sql`total_points desc, coalesce(last_tweet_claim_at, created_at), id`)
    .where(sql.ref('blocked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_leaderboard_idx').execute();
}
