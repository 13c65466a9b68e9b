import { type Kysely, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from '../../../migrations/index.js';

// Static imports rather than a folder scan, so migrations load the same under tsx, vitest and a bundle.
const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migration tables live in the connection's current schema, named explicitly:
 * otherwise Kysely's existence check can see another schema's lock table (several apps or test
 * runs sharing one server) and skip creating its own.
 */
async function migrationSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

async function migratorOf(db: Kysely<any>): Promise<Migrator> {
  const schema = await migrationSchema(db);
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = await migratorOf(db);
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * MIGRATE_ON_START=false: the process runs as a role that may not change the schema, so it only reads
 * which migrations were applied, and refuses to start while one of its code is pending: its queries
 * would otherwise fail one request at a time on a table or column that is not there yet.
 */
async function requireLatestSchema(db: Kysely<any>): Promise<void> {
  const known = await (await migratorOf(db)).getMigrations();
  const pending = known.filter((migration) => !migration.executedAt);
  if (pending.length === 0) return;
  const behind = `${pending.length} migration${pending.length === 1 ? '' : 's'}`;
  throw new Error(
    `MIGRATE_ON_START=false and the database is ${behind} behind this code (${known.length - pending.length} of ${known.length} applied, ` +
      `next ${pending[0]!.name}): run npm run migrate (on PostgreSQL as the role that owns the tables), then start again`,
  );
}

/** What opening the database does first: migrate, or with MIGRATE_ON_START=false only check. */
export async function prepareSchema(db: Kysely<any>, config: { migrateOnStart: boolean }): Promise<void> {
  if (config.migrateOnStart) await migrateToLatest(db);
  else await requireLatestSchema(db);
}
