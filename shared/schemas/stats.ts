import { type Static, Type } from 'typebox';

const Count = Type.String({ pattern: '^\\d+$' });

/** Counts as numeric strings, as the spec shows them. */
export const StatsResponseSchema = Type.Object({
  userActivity: Type.Object({
    totalUsers: Count,
    activeUsers: Count,
    signupsToday: Count,
    signupsThisWeek: Count,
    twitterConnections: Count,
    todayTweetPosts: Count,
  }),
});
export type StatsResponse = Static<typeof StatsResponseSchema>;
