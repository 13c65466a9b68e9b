import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import type { DatabaseSummary } from './backup-manifest.js';

const migrationTable = 'kysely_migration';

/** Every table in the connection's own schema, Kysely's bookkeeping tables included. */
async function listTables(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.map((row) => row.name).sort();
}

/** Row counts of every app table and the last applied migration: what a backup's manifest records. */
export async function readDatabaseSummary(db: Kysely<Database>, dialect: DialectName): Promise<DatabaseSummary> {
  const all = await listTables(db, dialect);
  const tables: Record<string, number> = {};
  for (const table of all.filter((name) => !name.startsWith('kysely_'))) {
    const { rows } = await sql<{ rows: number | string }>`select count(*) as rows from ${sql.table(table)}`.execute(db);
    tables[table] = Number(rows[0]?.rows ?? 0);
  }
  if (!all.includes(migrationTable)) return { schemaVersion: null, tables };
  // Migration names start with a sortable date, the order Kysely applies them in.
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(migrationTable)} order by name desc limit 1`.execute(db);
  return { schemaVersion: rows[0]?.name ?? null, tables };
}

/** PostgreSQL: whether the named schema exists and how many tables it holds. */
export async function describePostgresSchema(db: Kysely<Database>, schema: string): Promise<{ exists: boolean; tables: number }> {
  const { rows: found } = await sql<{ name: string }>`select nspname as name from pg_namespace where nspname = ${schema}`.execute(db);
  const { rows } = await sql<{ tables: number | string }>`select count(*) as tables from pg_tables where schemaname = ${schema}`.execute(db);
  return { exists: found.length > 0, tables: Number(rows[0]?.tables ?? 0) };
}

/**
 * PostgreSQL: the connection's role, its database and that database's owner, and whether the role may
 * create what a restore into `schema` creates: tables in an existing public, otherwise the schema itself
 * (pg_restore creates it). PostgreSQL 15 and later give CREATE on public only to the database's owner.
 */
export async function describeRestoreRights(
  db: Kysely<Database>,
  schema: { name: string; exists: boolean },
): Promise<{ role: string; database: string; owner: string; mayCreate: boolean }> {
  const mayCreate =
    schema.name === 'public' && schema.exists
      ? sql<boolean>`has_schema_privilege(${schema.name}, 'CREATE')`
      : sql<boolean>`has_database_privilege(current_database(), 'CREATE')`;
  const { rows } = await sql<{ role: string; database: string; owner: string; may_create: boolean }>`
    select current_user as role, current_database() as database, pg_get_userbyid(datdba) as owner, ${mayCreate} as may_create
    from pg_database where datname = current_database()`.execute(db);
  const row = rows[0]!;
  return { role: row.role, database: row.database, owner: row.owner, mayCreate: row.may_create };
}

/** PostgreSQL: the functions in schema public as `name(arguments)`, quoted, to tell which a restore added. */
export async function listPublicFunctions(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ routine: string }>`
    select format('%I(%s)', p.proname, pg_get_function_identity_arguments(p.oid)) as routine
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`.execute(db);
  return rows.map((row) => row.routine);
}

/**
 * PostgreSQL: removes what a refused restore put into `schema` (which was empty or absent before): in
 * public its tables and the functions (the audit log's trigger function) not in `functionsBefore`,
 * or the next restore would meet them.
 */
export async function dropRestoredSchema(db: Kysely<Database>, schema: string, functionsBefore: readonly string[] = []): Promise<void> {
  if (schema !== 'public') {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    return;
  }
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db);
  for (const row of rows) await sql`drop table if exists public.${sql.id(row.name)} cascade`.execute(db);
  for (const routine of await listPublicFunctions(db)) {
    // Quoted by PostgreSQL's own format('%I') from its catalog, never from input.
    if (!functionsBefore.includes(routine)) await sql`drop routine if exists public.${sql.raw(routine)} cascade`.execute(db);
  }
}

/** PostgreSQL: the server's version as a number (160004 for 16.4). */
export async function postgresServerVersion(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ version: string }>`select current_setting('server_version_num') as version`.execute(db);
  return Number(rows[0]?.version);
}
