import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollingIntervalsMs } from '@shared/app-limits';
import type { StatsResponse } from '@shared/schemas/stats';
import { getJson } from '@client/lib/api-client';

export type UserActivity = StatsResponse['userActivity'];

export const statsQueryOptions = queryOptions({
  queryKey: ['stats'],
  queryFn: () => getJson<StatsResponse>('/api/stats'),
  refetchInterval: pollingIntervalsMs.stats,
});

export function useStats() {
  return useQuery(statsQueryOptions);
}
