import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllocationStats } from '@shared/schemas/allocation';
import { getJson } from '@client/lib/api-client';

/** The published allocation list in figures: its tokens, wallets, categories and top holders. */
export function getAllocationStats(): Promise<AllocationStats> {
  return getJson<AllocationStats>('/api/allocation/stats');
}

export const allocationStatsQueryOptions = queryOptions({
  queryKey: ['allocation', 'stats'],
  queryFn: getAllocationStats,
});

export function useAllocationStats() {
  return useQuery(allocationStatsQueryOptions);
}
