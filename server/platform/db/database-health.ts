import { performance } from 'node:perf_hooks';
import { databaseUnavailability } from './database-unavailable.js';

export type DatabaseStateChange = { reachable: false; error: unknown } | { reachable: true; downForMs: number };

/**
 * Whether the database answers, as the app last saw it: the one place that state lives. Fed by the
 * connections (one that broke or could not be made) and by answered queries; read by /readyz; its
 * changes are told to listeners once each (the log says an outage began and ended, not every
 * request that failed in between).
 */
export class DatabaseHealth {
  #reachable = true;
  /** When the state last changed, on this clock. */
  #since = -Infinity;
  #evidenceAt = -Infinity;
  #answeredAt = -Infinity;
  /** The last failure for want of the database, a slow one included. */
  #failedAt = -Infinity;
  readonly #listeners = new Set<(change: DatabaseStateChange) => void>();

  /** `now`: milliseconds on a monotonic clock, the one Kysely times queries with. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  get reachable(): boolean {
    return this.#reachable;
  }

  /** Reachable, and the last thing learned was an answer rather than a call that went unanswered. */
  get answering(): boolean {
    return this.#reachable && this.#answeredAt >= this.#failedAt;
  }

  /** Whether anything was learned about the database in the last `ms`. */
  knownWithin(ms: number): boolean {
    return this.now() - this.#evidenceAt < ms;
  }

  /**
   * A query that was sent at `sentAt` answered. Only one sent after the outage began proves the
   * database back: an answer already on its way when a connection broke proves nothing.
   */
  answered(sentAt: number): void {
    const at = this.now();
    this.#evidenceAt = at;
    this.#answeredAt = at;
    if (this.#reachable || sentAt < this.#since) return;
    const downForMs = Math.round(at - this.#since);
    this.#reachable = true;
    this.#since = at;
    this.#tell({ reachable: true, downForMs });
  }

  /**
   * A database call failed. Only a failure to reach the database changes the state (and is told); one
   * the database did not answer in time is load, not an outage, and is only remembered.
   */
  failed(error: unknown): void {
    const unavailability = databaseUnavailability(error);
    if (unavailability === 'unreachable') this.unreachable(error);
    else if (unavailability === 'overloaded') this.#evidenceAt = this.#failedAt = this.now();
  }

  /**
   * Whether a background job's failure (a timer's write, the janitor, a scheduled backup) is part of an
   * outage: the database could not be reached, or did not answer while it was away. It is then recorded
   * like `failed` and the job logs nothing, since the outage's one line at its start and one at its end
   * already say it, however often the job runs in between. Any other failure is the job's to log, and
   * so is a slow answer while the database is reachable (that is load, not an outage).
   */
  outageCovers(error: unknown): boolean {
    if (databaseUnavailability(error) === null) return false;
    this.failed(error);
    return !this.#reachable;
  }

  /** A connection broke or could not be made. */
  unreachable(error: unknown): void {
    const at = this.now();
    this.#evidenceAt = at;
    this.#failedAt = at;
    if (!this.#reachable) return;
    this.#reachable = false;
    this.#since = at;
    this.#tell({ reachable: false, error });
  }

  /** Calls `listener` on each change; returns the function that stops it. */
  onChange(listener: (change: DatabaseStateChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #tell(change: DatabaseStateChange): void {
    for (const listener of this.#listeners) listener(change);
  }
}
