import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollingIntervalsMs } from '@shared/app-limits';
import { brand } from '@shared/brand';
import type { StakingStats } from '@shared/schemas/staking';
import { getOptionalFigure } from '@client/lib/api-client';

export function getStakingStats(collection: string = brand.collectionSlug): Promise<StakingStats> {
  return getOptionalFigure<StakingStats>(`/api/staking/stats/${encodeURIComponent(collection)}`);
}

export const stakingStatsQueryOptions = queryOptions({
  queryKey: ['staking', 'stats', brand.collectionSlug],
  queryFn: () => getStakingStats(),
  refetchInterval: pollingIntervalsMs.stakingStats,
});

export function useStakingStats() {
  return useQuery(stakingStatsQueryOptions);
}
