import type { TipHeight } from '@shared/schemas/chain';
import type { AppConfig } from '../../platform/config.js';
import { fetchTipHeight } from '../../integrations/block-explorer.js';
import { type Cached, CachedSource } from '../../platform/lib/cached-source.js';
import { unwatchedUpstreams, type UpstreamWatch } from '../../platform/lib/upstream-state.js';
import { upstreamUnavailable } from '../../platform/lib/upstream-unavailable.js';

/**
 * The Bitcoin tip height, proxied and cached so a thousand visitors make one upstream call. `now` is
 * the cache's clock (tests move it on to make a value stale); `upstreams` is told how the explorers serve.
 */
export function createChainService(config: AppConfig, now: () => number = Date.now, upstreams: UpstreamWatch = unwatchedUpstreams) {
  const tip = new CachedSource(() => fetchTipHeight(config.blockHeightUrls, config.upstreamTimeoutMs), 30_000, undefined, now);
  upstreams.watch('block_explorer', () => tip.state());

  // One TipHeight per cached answer (CachedSource keeps one object until it changes), so the route
  // serialises it once (server/platform/lib/repeated-answer.ts).
  let last: { cached: Readonly<Cached<number>>; tip: TipHeight } | null = null;
  const asTipHeight = (cached: Readonly<Cached<number>>): TipHeight => {
    if (last?.cached !== cached) last = { cached, tip: { height: cached.value, fetchedAt: cached.fetchedAt, stale: cached.stale } };
    return last.tip;
  };

  return {
    async tipHeight(): Promise<TipHeight> {
      return asTipHeight(await tip.get().catch((error: unknown) => upstreamUnavailable(error, 'Block height unavailable')));
    },
    /** The cached height without waiting, or null when none was fetched yet (then ask tipHeight()). */
    currentTipHeight(): TipHeight | null {
      const cached = tip.current();
      return cached && asTipHeight(cached);
    },
  };
}
