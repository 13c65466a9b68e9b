import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollingIntervalsMs } from '@shared/app-limits';
import { brand } from '@shared/brand';
import type { CollectionStats } from '@shared/schemas/collection';
import { getOptionalFigure } from '@client/lib/api-client';

export function getCollectionStats(collection: string = brand.collectionSlug): Promise<CollectionStats> {
  return getOptionalFigure<CollectionStats>(`/api/nft/collection-stats/${encodeURIComponent(collection)}`);
}

export const collectionStatsQueryOptions = queryOptions({
  queryKey: ['collection', 'stats', brand.collectionSlug],
  queryFn: () => getCollectionStats(),
  refetchInterval: pollingIntervalsMs.collectionStats,
});

export function useCollectionStats() {
  return useQuery(collectionStatsQueryOptions);
}
