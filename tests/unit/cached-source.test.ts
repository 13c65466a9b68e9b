import { describe, expect, it } from 'vitest';
import { CachedSource } from '../../server/platform/lib/cached-source.js';

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** An upstream call the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets a settled upstream call's bookkeeping run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A source with a time to live of 1 s and a retry delay of 0.5 s, whose upstream calls the test settles. */
function settledByHand() {
  const time = clock();
  const calls: Array<ReturnType<typeof deferred<number>>> = [];
  const source = new CachedSource(
    () => {
      calls.push(deferred<number>());
      return calls.at(-1)!.promise;
    },
    1000,
    500,
    time.now,
  );
  return { time, calls, source };
}

describe('CachedSource', () => {
  it('serves the cached value within its time to live', async () => {
    const time = clock();
    let loads = 0;
    const source = new CachedSource(async () => ++loads, 1000, 100, time.now);
    expect((await source.get()).value).toBe(1);
    time.advance(999);
    expect((await source.get()).value).toBe(1);
    expect(loads).toBe(1);
  });

  it('shares one upstream call between concurrent callers', async () => {
    let loads = 0;
    const source = new CachedSource(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'tip';
    }, 1000);
    await Promise.all(Array.from({ length: 50 }, () => source.get()));
    expect(loads).toBe(1);
  });

  it('serves the old value at once after its time to live while one refresh runs in the background', async () => {
    const { time, calls, source } = settledByHand();
    const first = source.get();
    calls[0]!.resolve(1);
    expect(await first).toEqual({ value: 1, fetchedAt: 0, stale: false });

    time.advance(1000);
    // The refresh hangs: callers still get the old value, and share the one refresh.
    expect(await source.get()).toEqual({ value: 1, fetchedAt: 0, stale: false });
    expect(await source.get()).toEqual({ value: 1, fetchedAt: 0, stale: false });
    expect(calls).toHaveLength(2);

    time.advance(10);
    calls[1]!.resolve(2);
    await settle();
    expect(await source.get()).toEqual({ value: 2, fetchedAt: 1010, stale: false });
    expect(calls).toHaveLength(2);
  });

  it('marks the old value stale once a refresh failed, and serves it without asking again before the retry delay', async () => {
    const time = clock();
    let calls = 0;
    let fail = false;
    const source = new CachedSource(
      async () => {
        calls++;
        if (fail) throw new Error('down');
        return 915000;
      },
      1000,
      500,
      time.now,
    );
    await source.get();
    fail = true;
    time.advance(1500);
    expect(await source.get()).toMatchObject({ value: 915000, stale: false });
    await settle();
    expect(await source.get()).toMatchObject({ value: 915000, fetchedAt: 0, stale: true });
    time.advance(100);
    expect(await source.get()).toMatchObject({ value: 915000, stale: true });
    expect(calls).toBe(2);

    time.advance(500);
    fail = false;
    await source.get();
    await settle();
    expect(calls).toBe(3);
    expect(await source.get()).toMatchObject({ value: 915000, fetchedAt: 2100, stale: false });
  });

  it('marks a value older than twice its time to live stale, still answering at once', async () => {
    const time = clock();
    const source = new CachedSource(async () => 7, 1000, 500, time.now);
    await source.get();
    time.advance(2000);
    expect(await source.get()).toEqual({ value: 7, fetchedAt: 0, stale: true });
  });

  it('rejects when nothing was ever fetched', async () => {
    const source = new CachedSource(async () => {
      throw new Error('down');
    }, 1000);
    await expect(source.get()).rejects.toThrow('down');
  });

  it('remembers a failure with no value for the retry delay instead of asking again on every call', async () => {
    const time = clock();
    let calls = 0;
    let fail = true;
    const source = new CachedSource(
      async () => {
        calls++;
        if (fail) throw new Error('down');
        return 3;
      },
      30_000,
      10_000,
      time.now,
    );
    await expect(source.get()).rejects.toThrow('down');
    fail = false;
    time.advance(9_999);
    await expect(source.get()).rejects.toThrow('down');
    expect(calls).toBe(1);
    time.advance(1);
    expect(await source.get()).toMatchObject({ value: 3, stale: false });
    expect(calls).toBe(2);
  });

  it('answers current() without waiting as get() would, and null before anything was fetched', async () => {
    const { time, calls, source } = settledByHand();
    expect(source.current()).toBeNull();
    expect(calls).toHaveLength(0);
    const first = source.get();
    expect(source.current()).toBeNull();
    calls[0]!.resolve(1);
    await first;
    expect(source.current()).toEqual({ value: 1, fetchedAt: 0, stale: false });
    // One object while nothing in it changes, so a route can serialise it once.
    expect(source.current()).toBe(source.current());

    // Past its time to live: the old value at once, and one refresh behind it, shared with get().
    time.advance(1000);
    expect(source.current()).toEqual({ value: 1, fetchedAt: 0, stale: false });
    expect(await source.get()).toEqual({ value: 1, fetchedAt: 0, stale: false });
    expect(calls).toHaveLength(2);
    calls[1]!.reject(new Error('down'));
    await settle();
    expect(source.current()).toEqual({ value: 1, fetchedAt: 0, stale: true });

    time.advance(500);
    const refreshed = source.get();
    calls[2]!.resolve(2);
    await settle();
    await refreshed;
    expect(source.current()).toEqual({ value: 2, fetchedAt: 1500, stale: false });
  });
});

describe('CachedSource with waitPastTtl', () => {
  function switchSource() {
    const time = clock();
    let stored = 'open';
    let fail = false;
    let reads = 0;
    const source = new CachedSource(
      async () => {
        reads++;
        if (fail) throw new Error('database unreachable');
        return stored;
      },
      5000,
      5000,
      time.now,
      { waitPastTtl: true },
    );
    return {
      time,
      source,
      store: (value: string) => (stored = value),
      failing: (value: boolean) => (fail = value),
      reads: () => reads,
    };
  }

  it('answers a change made upstream to the first caller past its time to live, with one read for all callers', async () => {
    const { time, source, store, reads } = switchSource();
    expect((await source.get()).value).toBe('open');
    store('paused');
    time.advance(4999);
    expect(source.current()?.value).toBe('open');
    time.advance(1);
    expect(source.current()).toBeNull();
    const answers = await Promise.all(Array.from({ length: 20 }, () => source.get()));
    expect(new Set(answers.map((answer) => answer.value))).toEqual(new Set(['paused']));
    expect(answers[0]).toMatchObject({ fetchedAt: 5000, stale: false });
    expect(reads()).toBe(2);
  });

  it('holds the last value when a read fails, asking again only after the retry delay', async () => {
    const { time, source, store, failing, reads } = switchSource();
    await source.get();
    failing(true);
    time.advance(5000);
    expect(await source.get()).toEqual({ value: 'open', fetchedAt: 0, stale: true });
    expect(reads()).toBe(2);

    // Held without a read until the retry delay has passed.
    time.advance(4999);
    expect(source.current()).toEqual({ value: 'open', fetchedAt: 0, stale: true });
    expect(await source.get()).toEqual({ value: 'open', fetchedAt: 0, stale: true });
    expect(reads()).toBe(2);

    time.advance(1);
    expect(source.current()).toBeNull();
    expect((await source.get()).value).toBe('open');
    expect(reads()).toBe(3);

    failing(false);
    store('paused');
    time.advance(5000);
    expect(await source.get()).toEqual({ value: 'paused', fetchedAt: 15000, stale: false });
  });

  it('rejects when the first read fails, as there is nothing to hold', async () => {
    const { source, failing } = switchSource();
    failing(true);
    await expect(source.get()).rejects.toThrow('database unreachable');
  });

  it('tells how upstream answered its last call without asking it: none, live, stale (failed, value kept), unavailable', async () => {
    const { time, calls, source } = settledByHand();
    expect(source.state()).toBeNull();
    const first = source.get();
    calls[0]!.resolve(1);
    await first;
    expect(source.state()).toBe('live');
    time.advance(1200);
    expect(source.state()).toBe('live');
    expect(calls).toHaveLength(1);

    source.current();
    calls[1]!.reject(new Error('down'));
    await settle();
    expect(source.state()).toBe('stale');

    // Merely old, nobody having asked: no sign of trouble yet.
    const aged = settledByHand();
    const kept = aged.source.get();
    aged.calls[0]!.resolve(1);
    await kept;
    aged.time.advance(5000);
    expect(aged.source.state()).toBe('live');
    expect(aged.calls).toHaveLength(1);

    const empty = settledByHand();
    const failed = empty.source.get();
    empty.calls[0]!.reject(new Error('down'));
    await expect(failed).rejects.toThrow('down');
    expect(empty.source.state()).toBe('unavailable');
  });
});
