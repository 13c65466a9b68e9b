import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

async function count(query: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> }) {
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/**
 * Activity counts. Windowed counts are index range scans (created_at, last_login_at); the two
 * totals are cheap in SQLite and PostgreSQL alike, and the service caches the lot for 30 s.
 */
export async function activityCounts(db: Kysely<Database>, since: { dayStart: number; weekAgo: number }) {
  const [totalUsers, activeUsers, signupsToday, signupsThisWeek, twitterConnections, todayTweetPosts] =
    await Promise.all([
      count(db.selectFrom('users').select(db.fn.countAll().as('count'))),
      count(db.selectFrom('users').select(db.fn.countAll().as('count')).where('last_login_at', '>=', since.weekAgo)),
      count(db.selectFrom('users').select(db.fn.countAll().as('count')).where('created_at', '>=', since.dayStart)),
      count(db.selectFrom('users').select(db.fn.countAll().as('count')).where('created_at', '>=', since.weekAgo)),
      count(db.selectFrom('twitter_accounts').select(db.fn.countAll().as('count'))),
      count(db.selectFrom('tweet_claims').select(db.fn.countAll().as('count')).where('created_at', '>=', since.dayStart)),
    ]);
  return { totalUsers, activeUsers, signupsToday, signupsThisWeek, twitterConnections, todayTweetPosts };
}
