import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@client/lib/api-client';

// SPEC section 3: every count arrives as a numeric string.
export interface UserActivity {
  totalUsers: string;
  activeUsers: string;
  signupsToday: string;
  signupsThisWeek: string;
  twitterConnections: string;
  todayTweetPosts: string;
}

export interface StatsResponse {
  userActivity: UserActivity;
}

const STATS_POLL_MS = 30_000;

export const statsQueryOptions = queryOptions({
  queryKey: ['stats'],
  queryFn: () => getJson<StatsResponse>('/api/stats'),
  refetchInterval: STATS_POLL_MS,
});

export function useStats() {
  return useQuery(statsQueryOptions);
}
