import { CachedSource } from './cached-source.js';

/**
 * One CachedSource per key, at most `maxKeys` of them: a visitor walking through every offset
 * cannot grow the cache without bound (the oldest key is dropped first).
 */
export class PageCache<K extends string, T> {
  private readonly sources = new Map<K, CachedSource<T>>();

  constructor(
    private readonly load: (key: K) => Promise<T>,
    private readonly options: { ttlMs: number; maxKeys: number; now: () => number },
  ) {}

  async get(key: K): Promise<T> {
    let source = this.sources.get(key);
    if (!source) {
      if (this.sources.size >= this.options.maxKeys) this.sources.delete(this.sources.keys().next().value as K);
      const { ttlMs, now } = this.options;
      source = new CachedSource(() => this.load(key), ttlMs, Math.min(ttlMs, 10_000), now);
      this.sources.set(key, source);
    }
    return (await source.get()).value;
  }

  /** The page get() would answer without waiting, or null when it has to be read first. */
  current(key: K): T | null {
    return this.sources.get(key)?.current()?.value ?? null;
  }
}
