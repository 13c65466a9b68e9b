import { Gauge, type Registry } from 'prom-client';
import { type UpstreamSource, type UpstreamStateReader, upstreamStates, type UpstreamWatch } from './upstream-state.js';

/**
 * `upstream_state{source, state}`: one of live, stale, unavailable is 1 for each outside source the
 * features watch (all three 0 until it is first asked), read from the source itself at scrape time.
 */
export function createUpstreamStateGauge(registry: Registry): UpstreamWatch {
  const watched = new Map<UpstreamSource, UpstreamStateReader>();
  new Gauge({
    name: 'upstream_state',
    help: 'How each outside service answered its last call, one-hot: live (it answered), stale (it failed; the value kept is served, marked stale) or unavailable (it failed and nothing is kept)',
    labelNames: ['source', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [source, read] of watched) {
        const current = read();
        for (const state of upstreamStates) this.set({ source, state }, state === current ? 1 : 0);
      }
    },
  });
  return {
    watch(source, state) {
      watched.set(source, state);
    },
  };
}
