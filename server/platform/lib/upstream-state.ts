/** The outside services the site depends on, each by a fixed name (a metrics label: never a URL). */
export type UpstreamSource = 'block_explorer' | 'marketplace' | 'staking' | 'x' | 'llm';

export const upstreamStates = ['live', 'stale', 'unavailable'] as const;
export type UpstreamState = (typeof upstreamStates)[number];

/** How a source serves its callers right now; null until it was first asked. Read, never waited on. */
export type UpstreamStateReader = () => UpstreamState | null;

/** Where the features report their outside sources; metrics reads each state at scrape time. */
export interface UpstreamWatch {
  watch(source: UpstreamSource, state: UpstreamStateReader): void;
}

/** When metrics are off: nothing is read. */
export const unwatchedUpstreams: UpstreamWatch = { watch: () => {} };

/** The state of a source asked call by call, with nothing cached to fall back on: its last call answered, or failed. */
export function lastCallState() {
  let state: UpstreamState | null = null;
  return {
    answered: () => void (state = 'live'),
    failed: () => void (state = 'unavailable'),
    state: (() => state) satisfies UpstreamStateReader,
  };
}
