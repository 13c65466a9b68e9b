import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api-error';
import { busyRetryDelayMs, maxBusyRetries, retryWhenBusy } from '@client/lib/busy-retry';

const busy = (code: 'SERVER_BUSY' | 'DATABASE_BUSY' | 'DATABASE_UNAVAILABLE', retryAfter: number | null) =>
  new ApiError(503, code, 'busy', {}, retryAfter);

describe('busy retries', () => {
  it('retries the three busy answers at most three times, and nothing else', () => {
    for (const code of ['SERVER_BUSY', 'DATABASE_BUSY', 'DATABASE_UNAVAILABLE'] as const) {
      expect([0, 1, 2, 3].map((failures) => retryWhenBusy(failures, busy(code, 1)))).toEqual([true, true, true, false]);
    }
    expect(maxBusyRetries).toBe(3);
    expect(retryWhenBusy(0, new ApiError(503, 'LOOKUPS_PAUSED', 'paused', {}, 60))).toBe(false);
    expect(retryWhenBusy(0, new ApiError(403, 'NOT_YET_REVEALED', 'hidden'))).toBe(false);
    expect(retryWhenBusy(0, new ApiError(500, null, ''))).toBe(false);
    expect(retryWhenBusy(0, new ApiError(null, null, ''))).toBe(false);
  });

  it('waits the answer’s Retry-After, spread by ±20 %', () => {
    expect(busyRetryDelayMs(0, busy('SERVER_BUSY', 5), () => 0)).toBe(4000);
    expect(busyRetryDelayMs(0, busy('SERVER_BUSY', 5), () => 0.5)).toBe(5000);
    expect(busyRetryDelayMs(0, busy('SERVER_BUSY', 5), () => 1)).toBe(6000);
    // No Retry-After: a short default wait.
    expect(busyRetryDelayMs(0, busy('DATABASE_BUSY', null), () => 0.5)).toBe(2000);
  });
});
