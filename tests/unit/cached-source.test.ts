import { describe, expect, it } from 'vitest';
import { CachedSource } from '../../server/lib/cached-source.js';

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('CachedSource', () => {
  it('serves the cached value within its time to live', async () => {
    const time = clock();
    let loads = 0;
    const source = new CachedSource(async () => ++loads, 1000, 100, time.now);
    expect((await source.get()).value).toBe(1);
    time.advance(999);
    expect((await source.get()).value).toBe(1);
    time.advance(1);
    expect((await source.get()).value).toBe(2);
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

  it('serves the last good value, marked stale, when upstream fails', async () => {
    const time = clock();
    let fail = false;
    const source = new CachedSource(
      async () => {
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
    expect(await source.get()).toMatchObject({ value: 915000, stale: true });
  });

  it('does not ask a failing upstream again before the retry delay', async () => {
    const time = clock();
    let calls = 0;
    let fail = false;
    const source = new CachedSource(
      async () => {
        calls++;
        if (fail) throw new Error('down');
        return 1;
      },
      1000,
      500,
      time.now,
    );
    await source.get();
    fail = true;
    time.advance(1000);
    await source.get();
    time.advance(100);
    await source.get();
    expect(calls).toBe(2);
  });

  it('rejects when nothing was ever fetched', async () => {
    const source = new CachedSource(async () => {
      throw new Error('down');
    }, 1000);
    await expect(source.get()).rejects.toThrow('down');
  });
});
