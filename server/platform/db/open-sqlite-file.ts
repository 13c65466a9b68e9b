import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { WaitingSqliteDialect } from './waiting-sqlite-driver.js';

/**
 * A SQLite file that is not the server's database (a backup's copy), opened read-only: reading it
 * changes none of its bytes, so its sha256 stays the one recorded.
 */
export function openSqliteCopy(file: string): { db: Kysely<Database>; sqlite: SQLite.Database } {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  return { db: new Kysely<Database>({ dialect: new WaitingSqliteDialect(sqlite, 0) }), sqlite };
}
