import type { UpstreamState } from './upstream-state.js';

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
 *
 * With `waitPastTtl`, past its time to live callers wait for the new value instead (a switch stored
 * in the database is then followed within the time to live), and a failed refresh still answers the
 * last value, held until the retry delay has passed.
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
    private readonly options: { waitPastTtl?: boolean } = {},
  ) {}

  async get(): Promise<Readonly<Cached<T>>> {
    const current = this.current();
    if (current) return current;
    if (this.waitingToRetry(this.now())) throw this.failure!.error;
    try {
      await this.refresh();
    } catch (error) {
      // Only with waitPastTtl is there a value to hold here.
      if (!this.last) throw error;
    }
    return this.answerFor(this.now());
  }

  /**
   * What get() answers when a value was fetched before, without a promise (a route answering from
   * the cache can stay synchronous); null when nothing was fetched yet, for get() to fetch.
   */
  current(): Readonly<Cached<T>> | null {
    if (!this.last) return null;
    const now = this.now();
    if (now - this.last.fetchedAt >= this.ttlMs && !this.waitingToRetry(now)) {
      if (this.options.waitPastTtl) return null;
      // The outcome is recorded by refresh(); this caller does not wait for it.
      this.refresh().catch(() => {});
    }
    return this.answerFor(now);
  }

  /** The last value as answered at `now`: the same object until something in it changes (a route may answer it thousands of times a second). */
  private answerFor(now: number): Readonly<Cached<T>> {
    const last = this.last!;
    const stale = this.isStale(now - last.fetchedAt);
    if (this.answer === null || this.answered !== last || this.answer.stale !== stale) {
      this.answered = last;
      this.answer = { value: last.value, fetchedAt: last.fetchedAt, stale };
    }
    return this.answer;
  }

  /**
   * How upstream answered its last call, without asking it: live (it answered), stale (it failed and
   * the value kept is served, marked stale), unavailable (it failed and nothing is kept), or null
   * before the first call. A value merely old (nobody asked for a while) is still live: upstream
   * gave no sign of trouble, and the next caller's refresh will tell.
   */
  state(): UpstreamState | null {
    if (this.failure) return this.last ? 'stale' : 'unavailable';
    return this.last ? 'live' : null;
  }

  private isStale(age: number): boolean {
    return this.failure !== null || age >= 2 * this.ttlMs;
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
