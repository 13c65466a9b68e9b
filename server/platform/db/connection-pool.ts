import { performance } from 'node:perf_hooks';
import type PG from 'pg';

/** Connections one process opens to PostgreSQL at most. */
export const postgresPoolSize = 10;

/**
 * What the database's connection pool knows now, read where it is needed (load shedding reads it for
 * each request, so each is a property, not a query).
 */
export interface ConnectionPool {
  /** Connections the pool may open; 0 for SQLite, which has no pool. */
  readonly max: number;
  /** Connections open now, in use or idle. */
  readonly open: number;
  readonly idle: number;
  /** Calls waiting for a connection: every one the pool may open is in use. */
  readonly waiting: number;
  /** How long the call that has waited longest for a connection has waited so far, in ms; 0 while none waits. */
  readonly oldestWaitMs: number;
  /**
   * How long a call asking now would wait, in ms: the calls ahead of it times how long a connection is
   * held on average, over the connections. 0 while none waits.
   */
  readonly expectedWaitMs: number;
}

/** SQLite's: one file handle, nothing ever waits for it. */
export const noPool: ConnectionPool = { max: 0, open: 0, idle: 0, waiting: 0, oldestWaitMs: 0, expectedWaitMs: 0 };

/** How much of the newest holds the mean follows: about the last twenty. */
const holdWeight = 0.05;

/**
 * The pool's calls as they come and go: when each call still asking for a connection asked, oldest
 * first (pg's pool hands connections out in that order), and how long a connection is held on average.
 */
export class Checkouts {
  readonly #askedAt: number[] = [];
  readonly #givenAt = new WeakMap<object, number>();
  #meanHoldMs = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  asked(): void {
    this.#askedAt.push(this.now());
  }

  /** The oldest call was given a connection, or gave up. */
  settled(): void {
    this.#askedAt.shift();
  }

  given(connection: object): void {
    this.#givenAt.set(connection, this.now());
  }

  returned(connection: object): void {
    const givenAt = this.#givenAt.get(connection);
    if (givenAt === undefined) return;
    this.#givenAt.delete(connection);
    const held = this.now() - givenAt;
    this.#meanHoldMs = this.#meanHoldMs === 0 ? held : this.#meanHoldMs + (held - this.#meanHoldMs) * holdWeight;
  }

  oldestWaitMs(): number {
    const oldest = this.#askedAt[0];
    return oldest === undefined ? 0 : this.now() - oldest;
  }

  meanHoldMs(): number {
    return this.#meanHoldMs;
  }
}

export function connectionPoolOf(pool: PG.Pool, max: number, checkouts: Checkouts): ConnectionPool {
  return {
    max,
    get open() {
      return pool.totalCount;
    },
    get idle() {
      return pool.idleCount;
    },
    get waiting() {
      return pool.waitingCount;
    },
    // A call opening a new connection while the pool has room is not waiting for one.
    get oldestWaitMs() {
      return pool.waitingCount === 0 ? 0 : checkouts.oldestWaitMs();
    },
    get expectedWaitMs() {
      return (pool.waitingCount * checkouts.meanHoldMs()) / max;
    },
  };
}

/**
 * Whether a call asking now would wait longer than `limitMs` for a connection, by the queue ahead of it,
 * or whether one already has (connections held far longer than their mean: a database that stalls); a
 * `limitMs` of 0 never is.
 */
export function backlogged(pool: Pick<ConnectionPool, 'oldestWaitMs' | 'expectedWaitMs'>, limitMs: number): boolean {
  return limitMs > 0 && (pool.expectedWaitMs > limitMs || pool.oldestWaitMs > limitMs);
}
