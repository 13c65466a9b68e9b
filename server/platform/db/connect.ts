import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type PG from 'pg';
import type { AppConfig } from '../config.js';
import { Checkouts, type ConnectionPool, connectionPoolOf, noPool, postgresPoolSize } from './connection-pool.js';
import { DatabaseHealth } from './database-health.js';
import { NamedStatements, namingClient, runsNamedStatements } from './named-statements.js';
import { enableReadNow } from './read-now.js';
import type { Database } from './schema.js';
import { WaitingSqliteDialect } from './waiting-sqlite-driver.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Whether the database answers (PostgreSQL can go away while the app runs; /readyz reports it). */
  health: DatabaseHealth;
  /** What the connection pool knows (load shedding watches the calls waiting for a connection). */
  pool: ConnectionPool;
}

const require = createRequire(import.meta.url);

/** pg (about 15 MB resident) loads only in a process that uses PostgreSQL (require caches it). */
function postgresDriver(): typeof PG {
  const pg = require('pg') as typeof PG;
  // int8 (bigint, count(*)) arrives from pg as a string; every value we store fits in 2^53
  // (micro-tokens of a 1e9 supply are 1e15), so parse it to a number like SQLite does.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
  return pg;
}

export function sqliteFile(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'app.sqlite');
}

const sqliteHandles = new WeakMap<Kysely<Database>, SQLite.Database>();

/** The better-sqlite3 handle behind a SQLite Kysely (for bulk loads that bypass the query builder), else null. */
export function sqliteHandleOf(db: Kysely<Database>): SQLite.Database | null {
  return sqliteHandles.get(db) ?? null;
}

/** How long a write waits for SQLite's write lock when the config does not say (DATABASE_BUSY_TIMEOUT_MS). */
export const defaultBusyTimeoutMs = 5000;

/** How long opening the SQLite file waits for another process that holds it alone. */
const openLockWaitMs = 120_000;

/** How long a PostgreSQL call waits for a connection (a new one, or a free one of the pool) before it fails. */
export const postgresConnectTimeoutMs = 5000;

/**
 * A pool that survives the server going away: every broken connection is reported to `health`
 * instead of ending the process, and replaced on the next checkout (pg drops a broken client).
 */
function connectPostgres(url: string, queryTimeoutMs: number | undefined): DatabaseHandle {
  const health = new DatabaseHealth();
  const pool = new (postgresDriver().Pool)({
    connectionString: url,
    max: postgresPoolSize,
    connectionTimeoutMillis: postgresConnectTimeoutMs,
    ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
  });
  // An idle connection that breaks (a restart, pg_terminate_backend, an idle timeout) is an 'error'
  // on the pool; with no listener, Node would end the process for it.
  pool.on('error', (error) => health.unreachable(error));
  const heard = new WeakSet<PG.PoolClient>();
  const statements = new NamedStatements();
  const checkouts = new Checkouts();
  const observed: PostgresPool = {
    connect: async () => {
      checkouts.asked();
      try {
        const client = await pool.connect();
        if (!heard.has(client)) {
          heard.add(client);
          // The pool listens only while a connection is idle; this one hears it break while checked
          // out between two queries (an 'error' with no listener would end the process too).
          client.on('error', (error) => health.unreachable(error));
        }
        checkouts.given(client);
        return namingClient(client, statements, () => checkouts.returned(client));
      } catch (error) {
        health.failed(error);
        throw error;
      } finally {
        checkouts.settled();
      }
    },
    // Closed, this process cannot reach the database any more (/readyz says so while the app closes).
    end: () => {
      health.unreachable(new Error('The connection pool was closed.'));
      return pool.end();
    },
  };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: observed }),
    log: (event) => {
      if (event.level === 'query') health.answered(performance.now() - event.queryDurationMillis);
      else health.failed(event.error);
    },
  });
  runsNamedStatements(db, statements);
  return { db, dialect: 'postgres', health, pool: connectionPoolOf(pool, postgresPoolSize, checkouts) };
}

export function connectDatabase(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'> & Partial<Pick<AppConfig, 'databaseBusyTimeoutMs'>>,
  /** PostgreSQL: how long one query may take (the server's bound; scripts run unbounded). */
  options: { queryTimeoutMs?: number } = {},
): DatabaseHandle {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl, options.queryTimeoutMs);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = new SQLite(sqliteFile(config));
  // An allocation import may hold the file alone for its bulk load (replace-source.ts): wait for it
  // here, once at start, rather than fail to open.
  database.pragma(`busy_timeout = ${openLockWaitMs}`);
  database.pragma('journal_mode = WAL');
  // Never wait for the lock inside the synchronous driver: that would stop the event loop (and every
  // request) for as long as another process writes. The dialect waits on timers instead.
  database.pragma('busy_timeout = 0');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  const dialect = new WaitingSqliteDialect(database, config.databaseBusyTimeoutMs ?? defaultBusyTimeoutMs);
  const db = new Kysely<Database>({ dialect });
  sqliteHandles.set(db, database);
  enableReadNow(db, dialect);
  return { db, dialect: 'sqlite', health: new DatabaseHealth(), pool: noPool };
}
