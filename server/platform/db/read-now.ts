import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { WaitingSqliteDialect } from './waiting-sqlite-driver.js';

const sqliteDialects = new WeakMap<Kysely<Database>, WaitingSqliteDialect>();

/** Called once per SQLite Kysely by `connectDatabase`. */
export function enableReadNow(db: Kysely<Database>, dialect: WaitingSqliteDialect): void {
  sqliteDialects.set(db, dialect);
}

/**
 * A read run at once on a SQLite Kysely (not a transaction) when its one connection is free, else null
 * (PostgreSQL, a transaction, a connection in use, a write): the caller then runs it the usual way.
 */
export function readNow<R>(db: Kysely<Database>, query: CompiledQuery<R>): R[] | null {
  return sqliteDialects.get(db)?.readNow<R>(query)?.rows ?? null;
}
