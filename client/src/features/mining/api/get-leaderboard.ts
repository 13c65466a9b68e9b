import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pollingIntervalsMs } from '@shared/app-limits';
import { leaderboardPageSize, type LeaderboardResponse } from '@shared/schemas/leaderboard';
import { getJson } from '@client/lib/api-client';

export const leaderboardBaseKey = ['mining', 'leaderboard'] as const;

export function getLeaderboard(offset: number): Promise<LeaderboardResponse> {
  const query = new URLSearchParams({ limit: String(leaderboardPageSize), offset: String(offset) });
  return getJson<LeaderboardResponse>(`/api/mining/leaderboard?${query.toString()}`);
}

/**
 * One page of the leaderboard, with the caller's own standing. The server caches the public part
 * for 30 s, so a page is fresh for as long; a remount (logging in switches views) asks again, as the
 * viewer part depends on the session.
 */
export function leaderboardQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...leaderboardBaseKey, offset],
    queryFn: () => getLeaderboard(offset),
    staleTime: pollingIntervalsMs.stats,
    refetchInterval: pollingIntervalsMs.stats,
    refetchOnMount: 'always',
    // Paging keeps the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboard(offset: number) {
  return useQuery(leaderboardQueryOptions(offset));
}
