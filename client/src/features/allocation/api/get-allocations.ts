import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllocationsPage } from '@shared/schemas/tokens';
import { getJson } from '@client/lib/api-client';

export function getAllocations(limit: number, offset: number): Promise<AllocationsPage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  return getJson<AllocationsPage>(`/api/tokens/allocations?${query.toString()}`);
}

export function allocationsQueryOptions(limit: number, offset: number) {
  return queryOptions({
    queryKey: ['tokens', 'allocations', limit, offset],
    queryFn: () => getAllocations(limit, offset),
    // Paging keeps the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useAllocations(limit: number, offset: number) {
  return useQuery(allocationsQueryOptions(limit, offset));
}
