/** What a person is told about a number that comes from outside (explorer, marketplace, staking). */
export type UpstreamState = 'loading' | 'live' | 'stale' | 'unavailable';

/** The envelope the server sends with every upstream value. */
export interface UpstreamValue {
  /** When the server fetched the value upstream (epoch ms). */
  fetchedAt: number;
  /** True when upstream failed and the server serves its last good value. */
  stale: boolean;
}

export interface UpstreamReading {
  state: UpstreamState;
  /** Whole minutes since the value was fetched; only for a stale value. */
  minutesAgo: number | null;
}

const minuteMs = 60_000;

/**
 * `failed` is the latest call's outcome. A value with a failed later call is stale too: it is what
 * we last had, and the page cannot tell how old the truth is.
 */
export function readUpstream(data: UpstreamValue | undefined, failed: boolean, now: number): UpstreamReading {
  if (!data) return { state: failed ? 'unavailable' : 'loading', minutesAgo: null };
  if (!data.stale && !failed) return { state: 'live', minutesAgo: null };
  return { state: 'stale', minutesAgo: Math.max(0, Math.floor((now - data.fetchedAt) / minuteMs)) };
}
