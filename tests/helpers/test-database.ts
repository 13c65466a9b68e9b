import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrations } from '../../migrations/index.js';

/**
 * API tests run against SQLite by default and against PostgreSQL when TEST_DATABASE_URL is set.
 * Each test gets a PostgreSQL schema of its own (the connection's search_path), dropped afterwards, or
 * emptied for the next test of the same worker (`reusable`).
 */
export const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || null;

/**
 * Schemas earlier tests of this worker finished with: every migration applied, every table emptied.
 * Migrating a new schema is about half a second of DDL; emptying one is a few deletes.
 */
const emptiedSchemas: string[] = [];

/** The migrator's own tables keep their rows: they say every migration is applied. */
const migratorTables = new Set(['kysely_migration', 'kysely_migration_lock']);

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Empties a migrated schema for the next test, or says why it cannot: a test that left it unmigrated,
 * half-migrated or still in use (a connection holding a lock) has it dropped instead.
 */
async function emptySchema(admin: pg.Client, schema: string): Promise<boolean> {
  try {
    await admin.query(`set lock_timeout = '2s'`);
    const applied = await admin.query<{ count: string }>(`select count(*) from ${schema}.kysely_migration`);
    if (Number(applied.rows[0]!.count) !== Object.keys(migrations).length) return false;
    // As a replica, no trigger fires: neither the foreign keys' (any order will do) nor the audit log's
    // that refuses DELETE (as the app's role must be refused). DELETE, not TRUNCATE: a test leaves a few
    // rows, and TRUNCATE gives every table and index a new file.
    await admin.query('set session_replication_role = replica');
    await admin.query(`do $$ declare r record; begin
      for r in select tablename from pg_tables where schemaname = '${schema}' and tablename not in (${[...migratorTables].map((table) => `'${table}'`).join(', ')}) loop
        execute format('delete from %I.%I', '${schema}', r.tablename);
      end loop;
      for r in select sequencename from pg_sequences where schemaname = '${schema}' loop
        execute format('alter sequence %I.%I restart', '${schema}', r.sequencename);
      end loop;
    end $$`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL schema for one test. `reusable`: the caller migrates it to the latest at once (an app or
 * a test database), so it may be one an earlier test left emptied, and it is emptied again afterwards.
 */
export async function createPostgresSchema({ reusable = false }: { reusable?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  let schema = reusable ? emptiedSchemas.pop() : undefined;
  if (schema === undefined) {
    const created = `t_${randomBytes(6).toString('hex')}`;
    await withAdmin((admin) => admin.query(`create schema ${created}`));
    schema = created;
  }

  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(async (admin) => {
        if (reusable && (await emptySchema(admin, schema))) {
          emptiedSchemas.push(schema);
          return;
        }
        await admin.query('reset all');
        await admin.query(`drop schema ${schema} cascade`);
      }),
  };
}
