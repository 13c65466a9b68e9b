import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api-error';
import { busyRetryDelayMs, maxBusyRetries, retryMutationWhenBusy, retryWhenBusy } from '@client/lib/busy-retry';
import { createQueryClient } from '@client/lib/query-client';

const busy = (code: 'SERVER_BUSY' | 'DATABASE_BUSY' | 'DATABASE_UNAVAILABLE', retryAfter: number | null) =>
  new ApiError(503, code, 'busy', {}, retryAfter);

describe('busy retries', () => {
  it('retries the three busy answers of a query at most three times, and nothing else', () => {
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

  it('retries a mutation only on the answers that prove nothing was done: SERVER_BUSY and DATABASE_BUSY, never DATABASE_UNAVAILABLE', () => {
    for (const code of ['SERVER_BUSY', 'DATABASE_BUSY'] as const) {
      expect([0, 1, 2, 3].map((failures) => retryMutationWhenBusy(failures, busy(code, 1)))).toEqual([true, true, true, false]);
    }
    // The database may have committed before the connection broke: a second try could do it twice.
    expect(retryMutationWhenBusy(0, busy('DATABASE_UNAVAILABLE', 1))).toBe(false);
    expect(retryMutationWhenBusy(0, new ApiError(503, 'LOOKUPS_PAUSED', 'paused', {}, 60))).toBe(false);
    expect(retryMutationWhenBusy(0, new ApiError(null, null, ''))).toBe(false);
  });
});

describe('the query client', () => {
  /** A mutation through the client whose tries get `answers` in turn: how many times it was sent, and its final error. */
  async function asMutation(answers: unknown[]): Promise<{ sent: number; error: unknown }> {
    let sent = 0;
    const observer = new MutationObserver(createQueryClient(), {
      mutationFn: async () => {
        const answer = answers[Math.min(sent++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    const error = await observer.mutate(undefined).then(() => null, (failure: unknown) => failure);
    return { sent, error };
  }

  it('sends a mutation answered DATABASE_UNAVAILABLE once and gives the answer to show', async () => {
    const { sent, error } = await asMutation([busy('DATABASE_UNAVAILABLE', 0), 'done']);
    expect(sent).toBe(1);
    expect(error).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
  });

  it('sends a mutation shed as SERVER_BUSY or refused as DATABASE_BUSY again after the wait', async () => {
    for (const code of ['SERVER_BUSY', 'DATABASE_BUSY'] as const) {
      expect(await asMutation([busy(code, 0), 'done'])).toEqual({ sent: 2, error: null });
    }
  });

  it('asks a query answered DATABASE_UNAVAILABLE again after the wait', async () => {
    let asked = 0;
    const observer = new QueryObserver(createQueryClient(), {
      queryKey: ['unavailable-then-answered'],
      queryFn: async () => {
        if (asked++ === 0) throw busy('DATABASE_UNAVAILABLE', 0);
        return 'answered';
      },
    });
    expect((await observer.refetch()).data).toBe('answered');
    expect(asked).toBe(2);
  });
});
