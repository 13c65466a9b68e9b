import { type Kysely, Migrator, PostgresAdapter, sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { buildApp } from '../../server/app.js';
import { ConfigError, loadConfig } from '../../server/platform/config.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import type { Database } from '../../server/platform/db/schema.js';
import { appendAudit, commandActor } from '../../server/features/audit/audit.service.js';
import { runCli } from '../helpers/run-cli.js';
import { testConfig } from '../helpers/test-app.js';

const appendOnly = '2026_11_27_0700_keep_audit_log_append_only';

async function migrator(db: Kysely<Database>): Promise<Migrator> {
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema
      : undefined;
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
}

const applied = async (db: Kysely<Database>) => (await (await migrator(db)).getMigrations()).filter((m) => m.executedAt).map((m) => m.name);

describe('MIGRATE_ON_START', () => {
  it('is true by default, takes true or false, and stops the start naming the variable otherwise', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(loadConfig({ MIGRATE_ON_START: '1' }).migrateOnStart).toBe(true);
    expect(() => loadConfig({ MIGRATE_ON_START: 'later' })).toThrow(ConfigError);
    expect(() => loadConfig({ MIGRATE_ON_START: 'later' })).toThrow(/MIGRATE_ON_START/);
  });

  it('false: the server and the CLIs refuse a database behind this code, naming npm run migrate, and migrate nothing; after npm run migrate they run', async () => {
    const { config, cleanup } = await testConfig({ MIGRATE_ON_START: 'false' });
    onTestFinished(cleanup);
    const handle = connectDatabase(config);
    onTestFinished(() => handle.db.destroy());
    const names = Object.keys(migrations);
    const before = names[names.indexOf(appendOnly) - 1]!;
    expect((await (await migrator(handle.db)).migrateTo(before)).error).toBeUndefined();
    // An entry written before the migration: it keeps it, and it cannot be changed afterwards.
    await appendAudit(handle.db, commandActor('test-operator'), { action: 'staking.set', after: { locked: 1 } });
    const pending = names.slice(names.indexOf(appendOnly));

    const behind = new RegExp(
      `MIGRATE_ON_START=false and the database is ${pending.length} migrations? behind this code \\(${names.length - pending.length} of ${names.length} applied, next ${appendOnly}\\): run npm run migrate`,
    );
    await expect(buildApp(config, { database: handle, logStream: false })).rejects.toThrow(behind);
    const cli = await runCli('allocation:root', [], config, { MIGRATE_ON_START: 'false' });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(behind);
    expect(await applied(handle.db)).toEqual(names.slice(0, names.length - pending.length));

    const migrated = await runCli('migrate', [], config, { MIGRATE_ON_START: 'false' });
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain(appendOnly);
    expect(await applied(handle.db)).toEqual(names);

    const app = await buildApp(config, { database: handle, logStream: false });
    onTestFinished(() => app.close());
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const root = await runCli('allocation:root', [], config, { MIGRATE_ON_START: 'false' });
    expect(root.code, root.stderr).toBe(0);

    const entries = await handle.db.selectFrom('audit_log').select(['action', 'after']).execute();
    expect(entries).toEqual([{ action: 'staking.set', after: '{"locked":1}' }]);
    await expect(handle.db.updateTable('audit_log').set({ after: '{"locked":2}' }).execute()).rejects.toThrow(/audit_log is append-only/);
  }, 120_000);

  it('true (the default): the server migrates a database behind this code at start', async () => {
    const { config, cleanup } = await testConfig();
    onTestFinished(cleanup);
    const handle = connectDatabase(config);
    onTestFinished(() => handle.db.destroy());
    const app = await buildApp(config, { database: handle, logStream: false });
    onTestFinished(() => app.close());
    expect(await applied(handle.db)).toEqual(Object.keys(migrations));
  });
});
