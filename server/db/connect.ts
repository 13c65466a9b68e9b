import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type PG from 'pg';
import type { AppConfig } from '../config.js';
import type { Database } from './schema.js';
import { WaitingSqliteDialect } from './waiting-sqlite-driver.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
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

export function connectDatabase(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'> & Partial<Pick<AppConfig, 'databaseBusyTimeoutMs'>>,
): DatabaseHandle {
  if (config.databaseUrl) {
    const pool = new (postgresDriver().Pool)({ connectionString: config.databaseUrl, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
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
  return { db, dialect: 'sqlite' };
}
