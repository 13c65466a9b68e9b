import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { countClaimsSince } from '../claims/index.js';
import { countUsers } from '../users/index.js';
import { countLinkedAccounts } from '../x-auth/index.js';

/** Activity counts, all read at once; the route caches the lot for 30 s. */
export async function activityCounts(db: Kysely<Database>, since: { dayStart: number; weekAgo: number }) {
  const [users, twitterConnections, todayTweetPosts] = await Promise.all([
    countUsers(db, since),
    countLinkedAccounts(db),
    countClaimsSince(db, since.dayStart),
  ]);
  return {
    totalUsers: users.total,
    activeUsers: users.active,
    signupsToday: users.signupsToday,
    signupsThisWeek: users.signupsThisWeek,
    twitterConnections,
    todayTweetPosts,
  };
}
