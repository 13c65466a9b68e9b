import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { createBackup } from '../../server/features/backups/backup.service.js';
import { tempFolder } from '../helpers/backup-drill.js';
import { runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { testConfig } from '../helpers/test-app.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** Runs `statements` as the role of TEST_DATABASE_URL (a superuser for the throwaway cluster). */
async function asAdmin(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl! });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of `database` as `role` (with its password, for a cluster that asks for one). */
function urlOf(database: string, role?: { name: string; password: string }): string {
  const url = new URL(postgresUrl!);
  url.pathname = `/${database}`;
  url.search = '';
  if (role) {
    url.username = role.name;
    url.password = role.password;
  }
  return url.toString();
}

/** A database of its own (schema public, as an operator's), dropped after the test. */
async function newDatabase(name: string, owner?: string): Promise<void> {
  await asAdmin(`create database ${name}${owner ? ` owner ${owner}` : ''}`);
  onTestFinished(() => asAdmin(`drop database if exists ${name} with (force)`));
}

// The restore drill as docs/operations.md used to write it: `createdb NAME` as the cluster's superuser,
// then `npm run restore` with the app's own DATABASE_URL, a role that owns nothing there.
describe.runIf(postgresUrl)('npm run restore into a PostgreSQL database the app role does not own', () => {
  it('refuses before pg_restore, naming createdb --owner, changes nothing, and restores into a database the role owns', async (context) => {
    const { config, cleanup } = await testConfig();
    onTestFinished(cleanup);
    const admin = new pg.Client({ connectionString: postgresUrl! });
    await admin.connect();
    const { rows } = await admin.query<{ may: boolean; version: number }>(
      `select rolsuper or rolcreaterole and rolcreatedb as may, current_setting('server_version_num')::int as version from pg_roles where rolname = current_user`,
    );
    await admin.end();
    if (!rows[0]?.may) {
      context.skip('TEST_DATABASE_URL may not create roles and databases');
      return;
    }

    const suffix = randomBytes(4).toString('hex');
    const role = { name: `drill_app_${suffix}`, password: `pw-${suffix}` };
    await asAdmin(`create role ${role.name} login password '${role.password}'`);
    onTestFinished(() => asAdmin(`drop role if exists ${role.name}`));

    // The live database: schema public, as a server started on DATABASE_URL=…/NAME writes it.
    const live = `live_${suffix}`;
    await newDatabase(live);
    const source = connectDatabase({ dataDir: '', databaseUrl: urlOf(live) });
    try {
      await migrateToLatest(source.db);
      await seedAllocationRecords(source.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '1500' }]);
    } finally {
      await source.db.destroy();
    }
    const backups = tempFolder('acorn-backups-');
    onTestFinished(backups.cleanup);
    const { folder } = await createBackup({ ...config, databaseUrl: urlOf(live) }, { to: backups.dir });

    // `createdb acorn_drill`: owned by the superuser, so on PostgreSQL 15 and later the role may not create in public.
    const drill = `drill_${suffix}`;
    await newDatabase(drill);
    await asAdmin(`grant connect on database ${drill} to ${role.name}`);
    const refused = await runCli('restore', [folder], { dataDir: config.dataDir, databaseUrl: urlOf(drill, role) });
    if (Math.floor(rows[0].version / 10_000) >= 15) {
      expect(refused.code, refused.stdout + refused.stderr).toBe(1);
      expect(refused.stdout).toContain(
        `FAIL role ${role.name} may not create tables in schema public of database ${drill} (owned by postgres`,
      );
      expect(refused.stdout).toContain(`createdb --owner ${role.name} ${drill}`);
      expect(refused.stdout).not.toMatch(/^ok {3}pg_restore/m);
      expect(refused.stdout).toContain('restore refused: nothing was changed');
      const target = new pg.Client({ connectionString: urlOf(drill) });
      await target.connect();
      const tables = await target.query(`select tablename from pg_tables where schemaname = 'public'`);
      await target.end();
      expect(tables.rows).toEqual([]);
    }

    // `createdb --owner ROLE NAME`: the drill as the docs now write it.
    const owned = `owned_${suffix}`;
    await newDatabase(owned, role.name);
    const restored = await runCli('restore', [folder], { dataDir: config.dataDir, databaseUrl: urlOf(owned, role) });
    expect(restored.stdout).not.toContain('FAIL');
    expect(restored.code, restored.stdout + restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`^ok {3}role ${role.name} may create tables in schema public of database ${owned}$`, 'm'));
    expect(restored.stdout).toMatch(/^ok {3}allocation root [0-9a-f]{64} \(1 lea(f|ves)\)$/m);
  }, 120_000);
});
