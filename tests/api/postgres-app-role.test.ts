import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../server/app.js';
import { tempFolder } from '../helpers/backup-drill.js';
import { projectRoot, runCli } from '../helpers/run-cli.js';
import { testConfig } from '../helpers/test-app.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

/** The URL of `database` as `role`, or as the role of TEST_DATABASE_URL. */
function urlOf(database: string, role?: string): string {
  const url = new URL(postgresUrl!);
  url.pathname = `/${database}`;
  url.search = '';
  if (role) {
    url.username = role;
    url.password = `pw-${role}`;
  }
  return url.toString();
}

/** Runs `statements` on `url`; the first refusal rejects with PostgreSQL's message. */
async function run(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

async function refusal(url: string, statement: string): Promise<string> {
  try {
    await run(url, statement);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${statement} was not refused`);
}

/** The grants docs/operations.md tells the operator to run as the owner, for these roles. */
function documentedGrants(app: string): string {
  const docs = fs.readFileSync(path.join(projectRoot, 'docs/operations.md'), 'utf8');
  const block = [...docs.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!).find((sql) => sql.includes('ON audit_log'));
  if (!block) throw new Error('docs/operations.md has no sql block granting the app role its rights on audit_log');
  return block.replace(/\bacorn_app\b/g, app);
}

// docs/operations.md, "Database roles": the owner migrates, the app role reads and writes but only adds to audit_log.
describe.runIf(postgresUrl)('the app as a PostgreSQL role without DDL rights or UPDATE/DELETE on audit_log', () => {
  it('serves, runs the CLIs and takes backups with MIGRATE_ON_START=false; the role may not change audit_log, the owner is refused by the trigger; a restore as the owner works', async (context) => {
    const { rows } = await new Promise<pg.QueryResult<{ may: boolean }>>((resolve, reject) => {
      const client = new pg.Client({ connectionString: postgresUrl! });
      client
        .connect()
        .then(() => client.query<{ may: boolean }>('select rolsuper or rolcreaterole and rolcreatedb as may from pg_roles where rolname = current_user'))
        .then(resolve, reject)
        .finally(() => client.end());
    });
    if (!rows[0]?.may) {
      context.skip('TEST_DATABASE_URL may not create roles and databases');
      return;
    }
    const suffix = randomBytes(4).toString('hex');
    const owner = `acorn_owner_${suffix}`;
    const app = `acorn_app_${suffix}`;
    // One teardown, in this order: the servers, their databases, then the roles that owned them.
    const servers: { close: () => Promise<unknown> }[] = [];
    const databases: string[] = [];
    onTestFinished(async () => {
      for (const server of servers) await server.close();
      for (const name of databases) await run(urlOf('postgres'), `drop database if exists ${name} with (force)`);
      await run(urlOf('postgres'), `drop role if exists ${owner}`, `drop role if exists ${app}`);
    });
    for (const role of [owner, app]) await run(urlOf('postgres'), `create role ${role} login password 'pw-${role}'`);
    const createDatabase = async (name: string) => {
      databases.push(name);
      await run(urlOf('postgres'), `create database ${name} owner ${owner}`);
    };
    const live = `acorn_${suffix}`;
    await createDatabase(live);
    const { config, cleanup } = await testConfig();
    onTestFinished(cleanup);
    const as = (database: string, role: string) => ({ dataDir: config.dataDir, databaseUrl: urlOf(database, role) });
    const appEnv = { MIGRATE_ON_START: 'false' };

    // The app role may not migrate: it may not create a table in public.
    const refusedMigrate = await runCli('migrate', [], as(live, app));
    expect(refusedMigrate.code).toBe(1);
    expect(refusedMigrate.stderr).toMatch(/permission denied for schema public/);
    const migrated = await runCli('migrate', [], as(live, owner));
    expect(migrated.code, migrated.stderr).toBe(0);
    await run(urlOf(live, owner), documentedGrants(app));

    // The server as the app role.
    const server = await buildApp({ ...config, databaseUrl: urlOf(live, app), migrateOnStart: false }, { logStream: false });
    servers.push(server);
    expect((await server.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const member = await loginCookie(server, mainnetWallets.taproot);
    expect(member.userId).toBeGreaterThan(0);

    // The CLIs as the app role: changes with their audit entries, and a backup.
    const granted = await runCli('admin', ['grant', mainnetWallets.legacy, '--role', 'reviewer'], as(live, app), appEnv);
    expect(granted.code, granted.stderr).toBe(0);
    const blocked = await runCli('block-user', [mainnetWallets.taproot, '--reason', 'bot farm'], as(live, app), appEnv);
    expect(blocked.code, blocked.stderr).toBe(0);
    const backups = tempFolder('acorn-role-backups-');
    onTestFinished(backups.cleanup);
    const backup = await runCli('backup', ['--to', backups.dir], as(live, app), appEnv);
    expect(backup.code, backup.stderr).toBe(0);
    const folder = /^backup written: (.+)$/m.exec(backup.stdout)![1]!;

    // Neither the app role nor the owner may change the log.
    const asApp = await refusal(urlOf(live, app), `update audit_log set reason = 'tampered'`);
    expect(asApp).toBe('permission denied for table audit_log');
    expect(await refusal(urlOf(live, app), 'delete from audit_log')).toBe('permission denied for table audit_log');
    expect(await refusal(urlOf(live, app), `insert into kysely_migration (name, timestamp) values ('x', 'y')`)).toBe(
      'permission denied for table kysely_migration',
    );
    const asOwner = await refusal(urlOf(live, owner), `update audit_log set reason = 'tampered'`);
    expect(asOwner).toMatch(/^audit_log is append-only/);
    expect(await refusal(urlOf(live, owner), 'truncate audit_log')).toMatch(/^audit_log is append-only/);
    context.annotate(`as ${app}: ${asApp}\nas ${owner}: ${asOwner}`);

    // The restore runs as the owner (it creates every table), with the app's MIGRATE_ON_START=false set.
    // A refused one leaves nothing behind, not even the trigger's function, so the next one goes through.
    const drill = `acorn_drill_${suffix}`;
    await createDatabase(drill);
    const manifestFile = path.join(folder, 'manifest.json');
    const manifest = fs.readFileSync(manifestFile, 'utf8');
    const wrong = JSON.parse(manifest);
    wrong.tables.users += 1;
    fs.writeFileSync(manifestFile, JSON.stringify(wrong));
    const refused = await runCli('restore', [folder], as(drill, owner), appEnv);
    expect(refused.code, refused.stdout).toBe(1);
    expect(refused.stdout).toMatch(/^FAIL row counts differ: users/m);
    const left = new pg.Client({ connectionString: urlOf(drill, owner) });
    await left.connect();
    const objects = await left.query(
      `select proname as name from pg_proc where pronamespace = 'public'::regnamespace
       union all select tablename from pg_tables where schemaname = 'public'`,
    );
    await left.end();
    expect(objects.rows).toEqual([]);
    fs.writeFileSync(manifestFile, manifest);
    const restored = await runCli('restore', [folder], as(drill, owner), appEnv);
    expect(restored.code, restored.stdout + restored.stderr).toBe(0);
    await run(urlOf(drill, owner), documentedGrants(app));

    const copy = await buildApp({ ...config, databaseUrl: urlOf(drill, app), migrateOnStart: false }, { logStream: false });
    servers.push(copy);
    const login = await copy.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress: mainnetWallets.taproot } });
    expect(login.json().error).toBe('ACCOUNT_BLOCKED');
    const client = new pg.Client({ connectionString: urlOf(drill, app) });
    await client.connect();
    const entries = await client.query<{ action: string }>('select action from audit_log order by id');
    await client.end();
    expect(entries.rows.map((row) => row.action)).toEqual(['admin.grant', 'user.block', 'restore']);
    expect(await refusal(urlOf(drill, app), `update audit_log set reason = 'tampered'`)).toBe('permission denied for table audit_log');
    expect(await refusal(urlOf(drill, owner), `delete from audit_log`)).toMatch(/^audit_log is append-only/);
  }, 180_000);
});
