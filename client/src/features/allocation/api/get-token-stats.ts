import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenStats } from '@shared/schemas/point-allocations';
import { getJson } from '@client/lib/api-client';

export function getTokenStats(): Promise<TokenStats> {
  return getJson<TokenStats>('/api/tokens/stats');
}

export const tokenStatsQueryOptions = queryOptions({
  queryKey: ['tokens', 'stats'],
  queryFn: getTokenStats,
});

export function useTokenStats() {
  return useQuery(tokenStatsQueryOptions);
}
