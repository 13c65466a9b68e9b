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
}

/** SQLite's: one file handle, nothing ever waits for it. */
export const noPool: ConnectionPool = { max: 0, open: 0, idle: 0, waiting: 0 };

export function connectionPoolOf(pool: PG.Pool, max: number): ConnectionPool {
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
  };
}

/** Whether `limit` calls or more wait for a connection; a `limit` of 0 never is. */
export function tooManyWaiting(pool: Pick<ConnectionPool, 'waiting'>, limit: number): boolean {
  return limit > 0 && pool.waiting >= limit;
}
