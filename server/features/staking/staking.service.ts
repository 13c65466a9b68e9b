import type { Kysely } from 'kysely';
import { brand } from '@shared/brand';
import type { StakingStats } from '@shared/schemas/staking';
import type { AppConfig } from '../../platform/config.js';
import type { Database } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { fetchStakingFigures } from '../../integrations/staking-source.js';
import { CachedSource } from '../../platform/lib/cached-source.js';
import { unwatchedUpstreams, type UpstreamWatch } from '../../platform/lib/upstream-state.js';
import { upstreamUnavailable } from '../../platform/lib/upstream-unavailable.js';
import { getStakingStats, setStakingStats } from '../settings/index.js';
import { percentLocked } from './percent-locked.js';

/** The locked count as typed, or why it is refused: a whole number from 0 to the collection size. */
export function parseLockedCount(raw: string): { ok: true; value: number } | { ok: false; problem: string } {
  const text = raw.trim();
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > brand.collectionSize) {
    return { ok: false, problem: `--locked must be a whole number from 0 to ${brand.collectionSize} (got "${raw}")` };
  }
  return { ok: true, value };
}

/** The figure `npm run set-staking` stored, or null (the audit log's before and after). */
export const getStakingLocked = async (db: Kysely<Database>) => (await getStakingStats(db))?.value.lockedCount ?? null;

/** Stores the staking figure the staking stats endpoint reads (when no STAKING_STATS_URL is set). */
export async function setStakingLocked(
  db: Kysely<Database>,
  lockedCount: number,
): Promise<{ lockedCount: number; collectionSize: number; percentLocked: number }> {
  const percent = percentLocked(lockedCount);
  await setStakingStats(db, { lockedCount });
  return { lockedCount, collectionSize: brand.collectionSize, percentLocked: percent };
}

/**
 * Staking figures: from STAKING_STATS_URL when set (cached, so a thousand visitors make one upstream
 * call; `now` is the cache's clock), otherwise from the figure set by `npm run set-staking`.
 * `upstreams` is told how STAKING_STATS_URL serves, when it is set.
 */
export function createStakingService(
  config: AppConfig,
  db: Kysely<Database>,
  now: () => number = Date.now,
  upstreams: UpstreamWatch = unwatchedUpstreams,
) {
  const url = config.stakingStatsUrl;
  const source = url
    ? new CachedSource(() => fetchStakingFigures(url, config.upstreamTimeoutMs), 5 * 60_000, undefined, now)
    : null;
  if (source) upstreams.watch('staking', () => source.state());

  async function fromSettings(): Promise<StakingStats> {
    const stored = await getStakingStats(db);
    if (!stored) throw new AppError(503, 'STAKING_STATS_UNAVAILABLE', 'Live data temporarily unavailable');
    const { lockedCount } = stored.value;
    return { data: { percentLocked: percentLocked(lockedCount), lockedCount }, fetchedAt: stored.updatedAt, stale: false };
  }

  return {
    async stakingStats(): Promise<StakingStats> {
      if (!source) return fromSettings();
      const cached = await source
        .get()
        .catch((error: unknown) => upstreamUnavailable(error, 'Live data temporarily unavailable'));
      return { data: cached.value, fetchedAt: cached.fetchedAt, stale: cached.stale };
    },
  };
}
