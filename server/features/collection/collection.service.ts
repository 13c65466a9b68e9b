import { brand } from '@shared/brand';
import type { CollectionStats } from '@shared/schemas/collection';
import type { AppConfig } from '../../platform/config.js';
import { fetchCollectionStats } from '../../integrations/marketplace.js';
import { CachedSource } from '../../platform/lib/cached-source.js';
import { unwatchedUpstreams, type UpstreamWatch } from '../../platform/lib/upstream-state.js';
import { upstreamUnavailable } from '../../platform/lib/upstream-unavailable.js';

export { assertOwnCollection } from './own-collection.js';

/**
 * The collection's marketplace figures, proxied and cached so a thousand visitors make one upstream
 * call. `now` is the cache's clock (tests move it on to make a value stale); `upstreams` is told how
 * the marketplace serves.
 */
export function createCollectionService(
  config: AppConfig,
  now: () => number = Date.now,
  upstreams: UpstreamWatch = unwatchedUpstreams,
) {
  const marketplace = new CachedSource(
    () => fetchCollectionStats(config.marketplaceApiBase, brand.collectionSlug, config.upstreamTimeoutMs),
    5 * 60_000,
    undefined,
    now,
  );
  upstreams.watch('marketplace', () => marketplace.state());

  return {
    async collectionStats(): Promise<CollectionStats> {
      const cached = await marketplace.get().catch((error: unknown) => upstreamUnavailable(error, 'Live data unavailable'));
      return {
        data: {
          name: brand.collectionName,
          symbol: brand.collectionSlug,
          totalSupply: cached.value.totalSupply ?? brand.collectionSize,
          floorPrice: cached.value.floorPrice,
        },
        fetchedAt: cached.fetchedAt,
        stale: cached.stale,
      };
    },
  };
}
