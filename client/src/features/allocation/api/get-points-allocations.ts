import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllocationsPage } from '@shared/schemas/point-allocations';
import { getJson } from '@client/lib/api-client';

export function getPointsAllocations(limit: number, offset: number): Promise<AllocationsPage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  return getJson<AllocationsPage>(`/api/tokens/allocations?${query.toString()}`);
}

export function pointsAllocationsQueryOptions(limit: number, offset: number) {
  return queryOptions({
    queryKey: ['tokens', 'allocations', limit, offset],
    queryFn: () => getPointsAllocations(limit, offset),
    // Paging keeps the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function usePointsAllocations(limit: number, offset: number) {
  return useQuery(pointsAllocationsQueryOptions(limit, offset));
}
