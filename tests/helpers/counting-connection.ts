import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../../server/platform/config.js';
import { sqliteFile } from '../../server/platform/db/connect.js';
import type { Database } from '../../server/platform/db/schema.js';

/**
 * Runs `use` on a connection of its own to the app's database (SQLite file or PostgreSQL) that counts
 * the statements it runs: how many reads a service costs, whatever its inputs.
 */
export async function countStatements<T>(config: AppConfig, use: (db: Kysely<Database>) => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const log = (event: { level: string }) => {
    if (event.level === 'query') statements += 1;
  };
  const db = config.databaseUrl
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl, max: 1 }) }), log })
    : new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(sqliteFile(config)) }), log });
  try {
    const result = await use(db);
    return { result, statements };
  } finally {
    await db.destroy();
  }
}
