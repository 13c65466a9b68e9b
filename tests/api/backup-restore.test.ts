import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/platform/config.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { DatabaseBusyError } from '../../server/platform/db/waiting-sqlite-driver.js';
import { answerDispute } from '../../server/features/disputes/disputes.service.js';
import { computeAllocationRoot } from '../../server/features/allocation/allocation-tree.js';
import { createBackup } from '../../server/features/backups/backup.service.js';
import { RestoreRefused, restoreBackup } from '../../server/features/backups/restore.service.js';
import { importAllocationsFile, importPayoutsFile } from '../../server/features/imports/index.js';
import { lookupAnswers, testFolder, writeAllocationCsv } from '../helpers/backup-drill.js';
import { useTestApp } from '../helpers/build-app.js';
import { projectRoot, runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mountSmallDisk } from '../helpers/small-disk.js';
import { cookiePair } from '../helpers/test-app.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

// The writer signs in far more often than a visitor may.
const ctx = useTestApp({ LOGIN_RATE_LIMIT: '100000' });

function busyIsFine(error: unknown): void {
  if (!(error instanceof DatabaseBusyError)) throw error;
}

/**
 * Writes through the API until stopped: sign-ins (a session row each) and disputes filed (and answered,
 * so the next may be filed) while the hourly limit lets them; counts the writes.
 */
function startApiWriter() {
  let running = true;
  let written = 0;
  let firstWritten = () => {};
  const first = new Promise<void>((resolve) => {
    firstWritten = resolve;
  });
  const wallets = Object.values(mainnetWallets);
  const done = (async () => {
    while (running) {
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress: wallets[written % wallets.length] } });
      // The import holds SQLite's write lock for its load: a write meanwhile may be answered 503 to retry.
      if (login.statusCode === 503) continue;
      if (login.statusCode !== 200) throw new Error(`sign-in refused: ${login.body}`);
      const cookie = cookiePair(login.headers['set-cookie']);
      const filed = await ctx.app.inject({ method: 'POST', url: '/api/allocation/disputes', payload: { message: `report ${written}` }, headers: { cookie } });
      if (filed.statusCode === 201) await answerDispute(ctx.handle.db, filed.json().dispute.id, 'checked').catch(busyIsFine);
      // 409: an earlier report still open (its answer met a busy lock); 429: the hourly limit.
      else if (![409, 429, 503].includes(filed.statusCode)) throw new Error(`dispute refused: ${filed.body}`);
      written += 1;
      firstWritten();
    }
  })();
  return {
    written: () => written,
    first,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** An empty place to restore into: a new DATA_DIR, or on PostgreSQL a new database where the dumped schema is free. */
async function restoreTarget(): Promise<AppConfig> {
  const dataDir = testFolder('acorn-restored-');
  if (!postgresUrl) return { ...ctx.config, dataDir: path.join(dataDir, 'data') };
  const name = `r_${path.basename(dataDir).replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  onTestFinished(async () => {
    const client = new pg.Client({ connectionString: postgresUrl! });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(ctx.config.databaseUrl!);
  url.pathname = `/${name}`;
  return { ...ctx.config, dataDir, databaseUrl: url.toString() };
}

describe('backup and restore', () => {
  it('takes a consistent backup while claims and an import write, and a server on the restored copy answers as before', async () => {
    const db = ctx.handle.db;
    await importAllocationsFile(db, path.join(projectRoot, 'tests/fixtures/allocations-good.csv'), { source: 'base' });
    await seedAllocationRecords(
      db,
      Array.from({ length: 5000 }, (_, i) => ({ wallet: `filler-${i}`, category: 'Holder Airdrop', tokens: String(i + 1) })),
    );
    const late = path.join(testFolder('acorn-csv-'), 'late.csv');
    writeAllocationCsv(late, 20_000, 'bc1qlate');
    const before = await lookupAnswers(ctx.app);
    const rootBefore = (await computeAllocationRoot(db)).root;

    const writer = startApiWriter();
    onTestFinished(writer.stop);
    await writer.first;
    // The list is public (no reveal schedule) and its root published by the first import: this one corrects it.
    const importing = importAllocationsFile(db, late, { source: 'late', allowUncheckedAddresses: true, afterReveal: { reason: 'a late source' } });
    const writtenBefore = writer.written();
    const backup = await createBackup(ctx.config, { to: testFolder('acorn-backups-') });
    const writtenDuring = writer.written() - writtenBefore;
    const imported = await importing;
    await writer.stop();
    expect(imported.ok).toBe(true);
    expect(writtenDuring).toBeGreaterThan(0);

    // One consistent state: the root before the import or after it, never a mix.
    const rootAfter = (await computeAllocationRoot(db)).root;
    expect([rootBefore, rootAfter]).toContain(backup.manifest.allocation.root);
    expect(backup.manifest.tables.allocation_disputes).toBeGreaterThan(0);

    const target = await restoreTarget();
    const checks: string[] = [];
    await restoreBackup(target, { backup: backup.folder, onCheck: ({ ok, text }) => checks.push(`${ok ? 'ok' : 'FAIL'} ${text}`) });
    expect(checks.every((line) => line.startsWith('ok'))).toBe(true);
    expect(checks.some((line) => line.startsWith('ok allocation root'))).toBe(true);

    const restored = await buildApp(target, { logStream: false });
    try {
      expect(await lookupAnswers(restored)).toEqual(before);
      const root = await restored.inject({ method: 'GET', url: '/api/allocation/root' });
      expect(root.statusCode).toBe(200);
      expect(root.json().root).toBe(backup.manifest.allocation.root);
    } finally {
      await restored.close();
    }
  });

  it('npm run backup writes its entry to the live audit log, and npm run restore one naming the backup into the restored database', async () => {
    await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '10' }]);
    const made = await runCli('backup', ['--to', testFolder('acorn-cli-backups-')], ctx.config);
    expect(made.code, made.stderr).toBe(0);
    const backupFolder = /^backup written: (.+)$/m.exec(made.stdout)![1]!;
    const live = await ctx.handle.db.selectFrom('audit_log').select(['action', 'target']).execute();
    expect(live).toEqual([{ action: 'backup', target: path.basename(backupFolder) }]);

    const target = await restoreTarget();
    const restored = await runCli('restore', [backupFolder], target);
    expect(restored.code, restored.stderr + restored.stdout).toBe(0);
    const handle = connectDatabase(target);
    try {
      const entries = await handle.db.selectFrom('audit_log').select(['action', 'target', 'actor']).orderBy('id').execute();
      expect(entries.map(({ action, target }) => ({ action, target }))).toEqual([{ action: 'restore', target: path.basename(backupFolder) }]);
      expect(entries[0]!.actor).toMatch(/^cli:.+/);
    } finally {
      await handle.db.destroy();
    }
  }, 120_000);

  it('counts the payouts and their transactions in the manifest and brings them back with a restore', async () => {
    const db = ctx.handle.db;
    await importAllocationsFile(db, path.join(projectRoot, 'tests/fixtures/allocations-good.csv'), { source: 'base' });
    const paid = path.join(testFolder('acorn-csv-'), 'paid.csv');
    fs.writeFileSync(paid, `wallet_address,category,txid,vout\n${mainnetWallets.segwitKey},Holder Airdrop,${'a'.repeat(64)},0\n${mainnetWallets.p2sh},Staking Season 1,${'b'.repeat(64)},\n`);
    expect((await importPayoutsFile(db, paid)).ok).toBe(true);
    const payouts = await db.selectFrom('payouts').select(['wallet_address', 'category', 'txid', 'vout']).orderBy('id').execute();

    const backup = await createBackup(ctx.config, { to: testFolder('acorn-backups-') });
    expect(backup.manifest.tables).toMatchObject({ payouts: 2, payout_transactions: 2 });
    const target = await restoreTarget();
    const checks: string[] = [];
    await restoreBackup(target, { backup: backup.folder, onCheck: ({ ok, text }) => checks.push(`${ok ? 'ok' : 'FAIL'} ${text}`) });
    expect(checks.every((line) => line.startsWith('ok'))).toBe(true);
    const restored = connectDatabase(target);
    try {
      expect(await restored.db.selectFrom('payouts').select(['wallet_address', 'category', 'txid', 'vout']).orderBy('id').execute()).toEqual(payouts);
      expect(await restored.db.selectFrom('payout_transactions').select(['txid', 'state']).orderBy('txid').execute()).toEqual([
        { txid: 'a'.repeat(64), state: 'unchecked' },
        { txid: 'b'.repeat(64), state: 'unchecked' },
      ]);
    } finally {
      await restored.db.destroy();
    }
  });

  it('restores nothing when a check after the copy fails (row counts that differ from the manifest)', async () => {
    await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '7' }]);
    const backup = await createBackup(ctx.config, { to: testFolder('acorn-backups-') });
    const manifestFile = path.join(backup.folder, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.tables.allocation_records = 2;
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));

    const target = await restoreTarget();
    const checks: string[] = [];
    const restoring = restoreBackup(target, { backup: backup.folder, onCheck: ({ ok, text }) => checks.push(`${ok ? 'ok' : 'FAIL'} ${text}`) });
    await expect(restoring).rejects.toBeInstanceOf(RestoreRefused);
    expect(checks.at(-1)).toBe('FAIL row counts differ: allocation_records 2 in the manifest, 1 restored');
    if (!postgresUrl) {
      expect(fs.existsSync(target.dataDir)).toBe(false);
      return;
    }
    // PostgreSQL: what pg_restore wrote is dropped again, so the same empty database takes a good backup.
    manifest.tables.allocation_records = 1;
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    await restoreBackup(target, { backup: backup.folder });
  });

  it('says a backup ran out of space and leaves nothing behind', async (context) => {
    const disk = mountSmallDisk(8);
    if ('problem' in disk) {
      if (process.env.CI === 'true') throw new Error(`cannot mount a small tmpfs: ${disk.problem}`);
      context.skip(`needs a small tmpfs: ${disk.problem}`);
      return;
    }
    onTestFinished(async () => disk.unmount());
    disk.fill();
    await expect(createBackup(ctx.config, { to: disk.dir })).rejects.toThrow(/^the backup failed and nothing was kept: .*no space left/i);
    expect(fs.readdirSync(disk.dir).filter((name) => name !== 'filler.bin')).toEqual([]);

    disk.free();
    const backup = await createBackup(ctx.config, { to: disk.dir });
    expect(fs.readdirSync(disk.dir)).toEqual([path.basename(backup.folder)]);
  });

  it.runIf(postgresUrl)('says when pg_dump is not on the PATH or older than the server, and keeps nothing', async () => {
    // A PATH holding node, npm and the shell npm runs scripts with (the CLI runs as `npm run backup`) and,
    // in the second run, a pg_dump of PostgreSQL 9.
    const bin = testFolder('acorn-bin-');
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    const npm = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'npm')).find((file) => fs.existsSync(file));
    fs.symlinkSync(fs.realpathSync(npm!), path.join(bin, 'npm'));
    fs.symlinkSync('/bin/sh', path.join(bin, 'sh'));
    const to = testFolder('acorn-backups-');
    const missing = await runCli('backup', ['--to', to], ctx.config, { PATH: bin });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('pg_dump is not on the PATH: install PostgreSQL\'s client tools');

    fs.writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    const old = await runCli('backup', ['--to', to], ctx.config, { PATH: bin });
    expect(old.code).toBe(1);
    expect(old.stderr).toMatch(/pg_dump 9 is older than the PostgreSQL \d+ server: install the client tools of version \d+ or newer/);
    expect(fs.readdirSync(to)).toEqual([]);
  });

  it.runIf(postgresUrl)('refuses to restore into a PostgreSQL schema that holds tables', async () => {
    const backup = await createBackup(ctx.config, { to: testFolder('acorn-backups-') });
    const checks: string[] = [];
    const restoring = restoreBackup(ctx.config, { backup: backup.folder, onCheck: ({ ok, text }) => checks.push(`${ok ? 'ok' : 'FAIL'} ${text}`) });
    await expect(restoring).rejects.toBeInstanceOf(RestoreRefused);
    expect(checks.at(-1)).toMatch(/^FAIL schema .* holds \d+ tables/);
  });
});
