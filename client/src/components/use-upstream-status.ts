import { useEffect, useState } from 'react';
import { readUpstream, type UpstreamReading, type UpstreamValue } from '@client/lib/upstream-state';

/** The parts of a TanStack query result this needs (any query whose data is an upstream envelope). */
interface UpstreamQuery {
  data: UpstreamValue | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface UpstreamStatus extends UpstreamReading {
  /** A call is in flight after a failure (Retry clicked, or the next poll). */
  retrying: boolean;
  retry: () => void;
}

const tickMs = 30_000;

/**
 * The state of an upstream-backed query for people: loading (first fetch only), live, stale with its
 * age, or unavailable. The query keeps polling at its own interval through failures, so the state
 * moves back to live by itself; while stale this re-renders so "N min ago" keeps counting.
 */
export function useUpstreamStatus(query: UpstreamQuery, now: () => number = Date.now): UpstreamStatus {
  const [, setTick] = useState(0);
  const reading = readUpstream(query.data, query.isError, now());

  useEffect(() => {
    if (reading.state !== 'stale') return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), tickMs);
    return () => clearInterval(timer);
  }, [reading.state]);

  const { refetch } = query;
  return {
    ...reading,
    retrying: query.isError && query.isFetching,
    retry: () => void refetch(),
  };
}
