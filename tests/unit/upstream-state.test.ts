import { describe, expect, it } from 'vitest';
import { readUpstream } from '@client/lib/upstream-state';

const fetchedAt = Date.UTC(2025, 0, 15, 12, 0, 0);
const minute = 60_000;

describe('readUpstream', () => {
  it('is loading only while the first fetch is in flight', () => {
    expect(readUpstream(undefined, false, fetchedAt)).toEqual({ state: 'loading', minutesAgo: null });
  });

  it('is unavailable when the call failed and there is no value', () => {
    expect(readUpstream(undefined, true, fetchedAt)).toEqual({ state: 'unavailable', minutesAgo: null });
  });

  it('is live for a fresh value', () => {
    expect(readUpstream({ fetchedAt, stale: false }, false, fetchedAt + 20_000)).toEqual({ state: 'live', minutesAgo: null });
  });

  it('is stale, with whole minutes since the fetch, when the server says so', () => {
    expect(readUpstream({ fetchedAt, stale: true }, false, fetchedAt + 7 * minute + 59_000)).toEqual({
      state: 'stale',
      minutesAgo: 7,
    });
  });

  it('is stale when a later poll failed and only the earlier value is left', () => {
    expect(readUpstream({ fetchedAt, stale: false }, true, fetchedAt + 3 * minute)).toEqual({ state: 'stale', minutesAgo: 3 });
  });

  it('never counts negative minutes when the clocks disagree', () => {
    expect(readUpstream({ fetchedAt, stale: true }, false, fetchedAt - minute)).toEqual({ state: 'stale', minutesAgo: 0 });
  });
});
