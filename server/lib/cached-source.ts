export interface Cached<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

/**
 * A value fetched from outside, cached for `ttlMs`. Concurrent callers share one upstream call,
 * and when upstream fails the last good value is served (marked stale). Only when nothing was
 * ever fetched does the failure reach the caller.
 */
export class CachedSource<T> {
  private last: { value: T; fetchedAt: number } | null = null;
  private pending: Promise<Cached<T>> | null = null;
  private failedAt = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    /** After a failure, wait this long before asking upstream again (protects a struggling upstream). */
    private readonly retryAfterMs = Math.min(ttlMs, 10_000),
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<Cached<T>> {
    const now = this.now();
    if (this.last && now - this.last.fetchedAt < this.ttlMs) return { ...this.last, stale: false };
    if (this.last && now - this.failedAt < this.retryAfterMs) return { ...this.last, stale: true };
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<Cached<T>> {
    try {
      const value = await this.load();
      this.last = { value, fetchedAt: this.now() };
      return { ...this.last, stale: false };
    } catch (error) {
      this.failedAt = this.now();
      if (this.last) return { ...this.last, stale: true };
      throw error;
    }
  }
}
