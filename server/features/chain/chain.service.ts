import type { Kysely } from 'kysely';
import { brand } from '../../../shared/brand.js';
import type { CollectionStats, StakingStats, TipHeight } from '../../../shared/schemas/chain.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { fetchTipHeight } from '../../integrations/block-explorer.js';
import { fetchCollectionStats } from '../../integrations/marketplace.js';
import { fetchStakingFigures, type StakingFigures } from '../../integrations/staking-source.js';
import { CachedSource } from '../../lib/cached-source.js';
import { readSetting } from '../settings/settings.repository.js';

const seconds = 1000;
const minutes = 60 * seconds;

export const stakingSettingKey = 'staking_stats';

function unavailable(error: unknown, message: string): never {
  throw new AppError(502, 'UPSTREAM_UNAVAILABLE', message, {}, { cause: error });
}

/**
 * Outside numbers, proxied and cached so a thousand visitors make one upstream call. `now` is the
 * caches' clock (tests move it on to make a value stale).
 */
export function createChainService(config: AppConfig, db: Kysely<Database>, now: () => number = Date.now) {
  const timeout = config.upstreamTimeoutMs;
  const cached = <T>(load: () => Promise<T>, ttlMs: number) => new CachedSource(load, ttlMs, undefined, now);
  const tip = cached(() => fetchTipHeight(config.blockHeightUrls, timeout), 30 * seconds);
  const collection = cached(
    () => fetchCollectionStats(config.marketplaceApiBase, brand.collectionSlug, timeout),
    5 * minutes,
  );
  const stakingUrl = config.stakingStatsUrl;
  const staking = stakingUrl ? cached(() => fetchStakingFigures(stakingUrl, timeout), 5 * minutes) : null;

  async function stakingFromSettings(): Promise<StakingStats> {
    const stored = await readSetting<{ lockedCount: number }>(db, stakingSettingKey);
    if (!stored) throw new AppError(503, 'STAKING_STATS_UNAVAILABLE', 'Live data temporarily unavailable');
    const { lockedCount } = stored.value;
    const percentLocked = Math.round((lockedCount / brand.collectionSize) * 10_000) / 100;
    return { data: { percentLocked, lockedCount }, fetchedAt: stored.updatedAt, stale: false };
  }

  return {
    async tipHeight(): Promise<TipHeight> {
      const cached = await tip.get().catch((error: unknown) => unavailable(error, 'Block height unavailable'));
      return { height: cached.value, fetchedAt: cached.fetchedAt, stale: cached.stale };
    },

    async collectionStats(): Promise<CollectionStats> {
      const cached = await collection.get().catch((error: unknown) => unavailable(error, 'Live data unavailable'));
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

    async stakingStats(): Promise<StakingStats> {
      if (!staking) return stakingFromSettings();
      const cached = await staking
        .get()
        .catch((error: unknown) => unavailable(error, 'Live data temporarily unavailable'));
      const data: StakingFigures = cached.value;
      return { data, fetchedAt: cached.fetchedAt, stale: cached.stale };
    },
  };
}
