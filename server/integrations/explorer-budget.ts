/** The first wait after a failure; each failure in a row doubles it, up to `maxBackoffMs`. */
const firstBackoffMs = 15_000;
const maxBackoffMs = 15 * 60_000;
const windowMs = 60_000;

/**
 * How often each explorer host may be asked: at most `perMinute` requests in any minute, none
 * before a `Retry-After` it sent has passed, and after failures in a row a wait that doubles each
 * time (15 s up to 15 min) until one answer comes back. Time is passed in, so tests set it.
 */
export class ExplorerBudget {
  private readonly sent = new Map<string, number[]>();
  private readonly resumeAt = new Map<string, number>();
  private readonly failuresInARow = new Map<string, number>();

  constructor(private readonly perMinute: number) {}

  /** Whether `host` may be asked at `now`; when it may, the request is counted. */
  take(host: string, now: number): boolean {
    if (now < (this.resumeAt.get(host) ?? 0)) return false;
    const recent = (this.sent.get(host) ?? []).filter((at) => at > now - windowMs);
    if (recent.length >= this.perMinute) {
      this.sent.set(host, recent);
      return false;
    }
    recent.push(now);
    this.sent.set(host, recent);
    return true;
  }

  /** The host answered: its failures in a row start again from none. */
  answered(host: string): void {
    this.failuresInARow.delete(host);
  }

  /** The host said to come back later (429 or 503): not before `retryAfterMs`, at least the backoff's wait. */
  busy(host: string, now: number, retryAfterMs: number | null): void {
    const backoff = this.backOff(host);
    this.pauseUntil(host, now + Math.max(retryAfterMs ?? 0, backoff));
  }

  /** The host failed (no answer, an error status, garbage): wait as the backoff says. */
  failed(host: string, now: number): void {
    this.pauseUntil(host, now + this.backOff(host));
  }

  private backOff(host: string): number {
    const failures = (this.failuresInARow.get(host) ?? 0) + 1;
    this.failuresInARow.set(host, failures);
    return Math.min(maxBackoffMs, firstBackoffMs * 2 ** (failures - 1));
  }

  private pauseUntil(host: string, at: number): void {
    this.resumeAt.set(host, Math.max(at, this.resumeAt.get(host) ?? 0));
  }
}
