export interface Cached<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

interface Fetched<T> {
  value: T;
  fetchedAt: number;
}

/**
 * A value fetched from outside, cached for `ttlMs`, so that a thousand visitors make one upstream
 * call and none of them waits on a slow upstream once a value exists:
 * - concurrent callers share one upstream call;
 * - past its time to live the old value is served at once while one refresh runs in the background
 *   (stale-while-revalidate); it is marked stale once a refresh failed or it is older than twice
 *   the time to live;
 * - after a failure upstream is not asked again for `retryAfterMs`, and with no value to fall back
 *   on, the failure itself is what callers get in that time;
 * - only when nothing was ever fetched does a failure reach the caller.
 */
export class CachedSource<T> {
  private last: Fetched<T> | null = null;
  private failure: { error: unknown; at: number } | null = null;
  private pending: Promise<Fetched<T>> | null = null;
  private answer: Readonly<Cached<T>> | null = null;
  private answered: Fetched<T> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    /** After a failure, wait this long before asking upstream again (protects a struggling upstream). */
    private readonly retryAfterMs = Math.min(ttlMs, 10_000),
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<Readonly<Cached<T>>> {
    const current = this.current();
    if (current) return current;
    if (this.waitingToRetry(this.now())) throw this.failure!.error;
    await this.refresh();
    // A value now exists, so current() answers it (fresh, not stale), the object later calls share.
    return this.current()!;
  }

  /**
   * What get() answers when a value was fetched before, without a promise (a route answering from
   * the cache can stay synchronous); null when nothing was fetched yet, for get() to fetch.
   */
  current(): Readonly<Cached<T>> | null {
    if (!this.last) return null;
    const now = this.now();
    const age = now - this.last.fetchedAt;
    if (age >= this.ttlMs && !this.waitingToRetry(now)) {
      // The outcome is recorded by refresh(); this caller does not wait for it.
      this.refresh().catch(() => {});
    }
    const stale = this.failure !== null || age >= 2 * this.ttlMs;
    // The same object until something in it changes: a route may answer it thousands of times a second.
    if (this.answer === null || this.answered !== this.last || this.answer.stale !== stale) {
      this.answered = this.last;
      this.answer = { value: this.last.value, fetchedAt: this.last.fetchedAt, stale };
    }
    return this.answer;
  }

  private waitingToRetry(now: number): boolean {
    return this.failure !== null && now - this.failure.at < this.retryAfterMs;
  }

  /** One upstream call at a time, shared by every caller; its outcome is recorded either way. */
  private refresh(): Promise<Fetched<T>> {
    this.pending ??= this.load()
      .then(
        (value) => {
          this.last = { value, fetchedAt: this.now() };
          this.failure = null;
          return this.last;
        },
        (error: unknown) => {
          this.failure = { error, at: this.now() };
          throw error;
        },
      )
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
