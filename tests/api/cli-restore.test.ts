import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../server/platform/config.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { useTestApp } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { testFolder } from '../helpers/backup-drill.js';
import { runCli } from '../helpers/run-cli.js';
import { mountSmallDisk } from '../helpers/small-disk.js';
import { mainnetWallets } from '../helpers/wallets.js';

// The DATA_DIR checks (a server on it, a non-empty one) are SQLite's; PostgreSQL's restore is in backup-restore.test.ts.
const secret = 'a-generated-session-secret-of-the-server-0123456789';
const ctx = useTestApp({ DATABASE_URL: '' });
let backups: string;
beforeEach(async () => {
  backups = testFolder('acorn-backups-');
  await seedAllocationRecords(ctx.handle.db, [
    { wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '1500' },
    { wallet: mainnetWallets.legacy, category: 'Whale Bonus #1', tokens: '20.5' },
  ]);
  fs.mkdirSync(path.join(ctx.config.dataDir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(ctx.config.dataDir, 'uploads', 'meme.png'), 'an image');
  // The key a server generates when SESSION_SECRET is unset (the CLIs here run without it).
  fs.writeFileSync(path.join(ctx.config.dataDir, 'session-secret'), secret, { mode: 0o600 });
});

/** A new folder to restore into, removed after the test. */
function newDataDir(): string {
  return path.join(testFolder('acorn-restore-'), 'data');
}

async function backup(): Promise<string> {
  const run = await runCli('backup', ['--to', backups], ctx.config);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return /^backup written: (.+)$/m.exec(run.stdout)![1]!;
}

const restore = (folder: string, args: string[] = []) => runCli('restore', [folder, ...args], ctx.config);

/** A target that must come through a refused restore byte for byte. */
function occupiedDataDir(): string {
  const dir = newDataDir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'app.sqlite'), 'the data that was here');
  return dir;
}
function untouched(dir: string): void {
  expect(fs.readdirSync(dir).filter((name) => name !== 'server.lock')).toEqual(['app.sqlite']);
  expect(fs.readFileSync(path.join(dir, 'app.sqlite'), 'utf8')).toBe('the data that was here');
}

describe('npm run backup and npm run restore', () => {
  it('writes an owner-only backup and restores it into a new DATA_DIR, printing each check', async () => {
    const folder = await backup();
    expect(path.basename(folder)).toMatch(/^acorn-backup-\d{8}T\d{6}Z$/);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    for (const name of ['manifest.json', 'app.sqlite', 'uploads/meme.png', 'session-secret', 'backup-id']) {
      expect(fs.statSync(path.join(folder, name)).mode & 0o777).toBe(0o600);
    }
    expect(fs.readdirSync(backups)).toEqual([path.basename(folder)]);

    const target = newDataDir();
    const run = await restore(folder, ['--data-dir', target]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(run.stdout).toMatch(/^ok {3}sha256 of 4 files$/m);
    expect(run.stdout).toMatch(/^ok {3}integrity_check of app\.sqlite$/m);
    expect(run.stdout).toMatch(/^ok {3}row counts of \d+ tables/m);
    expect(run.stdout).toMatch(/^ok {3}allocation root [0-9a-f]{64} \(2 leaves\)$/m);
    expect(fs.readFileSync(path.join(target, 'uploads', 'meme.png'), 'utf8')).toBe('an image');
    expect(fs.existsSync(path.join(target, 'backup-id'))).toBe(false);
    expect(fs.readFileSync(path.join(target, 'session-secret'), 'utf8')).toBe(secret);
  });

  it('writes the backup to the live audit log and, after a restore, the restore naming its backup into the restored one', async () => {
    const folder = await backup();
    const live = await ctx.handle.db.selectFrom('audit_log').selectAll().execute();
    expect(live.map(({ action, target }) => ({ action, target }))).toEqual([{ action: 'backup', target: path.basename(folder) }]);
    expect(live[0]!.actor).toMatch(/^cli:.+/);

    const target = newDataDir();
    expect((await restore(folder, ['--data-dir', target])).code).toBe(0);
    const restored = connectDatabase(loadConfig({ DATA_DIR: target, DATABASE_URL: '' }));
    try {
      const entries = await restored.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
      expect(entries.map(({ action, target }) => ({ action, target }))).toEqual([{ action: 'restore', target: path.basename(folder) }]);
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
      expect(JSON.parse(entries[0]!.after!)).toMatchObject({ id: manifest.id });
    } finally {
      await restored.db.destroy();
    }
  }, 90_000);

  it('refuses a backup with a flipped byte, naming the file, and leaves the target as it was', async () => {
    const folder = await backup();
    const file = path.join(folder, 'app.sqlite');
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(file, bytes);
    const target = occupiedDataDir();
    const run = await restore(folder, ['--data-dir', target, '--force']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL sha256 of 4 files: app\.sqlite \(sha256 differs\)$/m);
    expect(run.stdout).toContain('restore refused: nothing was changed');
    untouched(target);
  });

  it('refuses a backup with a missing file, naming it', async () => {
    const folder = await backup();
    fs.rmSync(path.join(folder, 'uploads', 'meme.png'));
    const target = occupiedDataDir();
    const run = await restore(folder, ['--data-dir', target, '--force']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL sha256 of 4 files: uploads\/meme\.png \(missing\)$/m);
    untouched(target);
  });

  it('refuses a manifest copied from another backup, naming both backups', async () => {
    const first = await backup();
    const second = await backup();
    const firstId = JSON.parse(fs.readFileSync(path.join(first, 'manifest.json'), 'utf8')).id;
    const secondId = JSON.parse(fs.readFileSync(path.join(second, 'manifest.json'), 'utf8')).id;
    fs.copyFileSync(path.join(second, 'manifest.json'), path.join(first, 'manifest.json'));
    const target = newDataDir();
    const run = await restore(first, ['--data-dir', target]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`FAIL manifest.json is the manifest of backup ${secondId}`);
    expect(run.stdout).toContain(`but the files here are of backup ${firstId}`);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('refuses to restore under a running server even with --force, and restores once it is closed', async () => {
    const folder = await backup();
    const run = await restore(folder, ['--data-dir', ctx.config.dataDir, '--force']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL A server is running on .*: stop it before restoring into this DATA_DIR\.$/m);
    expect(fs.readFileSync(path.join(ctx.config.dataDir, 'uploads', 'meme.png'), 'utf8')).toBe('an image');

    await ctx.app.close();
    const again = await restore(folder, ['--data-dir', ctx.config.dataDir, '--force']);
    expect(again.stdout).toMatch(/^ok {3}.* holds \d+ entr(y|ies); --force: replaced$/m);
    expect(again.code).toBe(0);
  });

  it('restores into a DATA_DIR that is a mount point (a container volume), replacing what it held', async (context) => {
    const disk = mountSmallDisk(16);
    if ('problem' in disk) {
      if (process.env.CI === 'true') throw new Error(`cannot mount a small tmpfs: ${disk.problem}`);
      context.skip(`needs a small tmpfs: ${disk.problem}`);
      return;
    }
    onTestFinished(disk.unmount);
    fs.writeFileSync(path.join(disk.dir, 'app.sqlite'), 'the data that was here');
    const run = await restore(await backup(), ['--data-dir', disk.dir, '--force']);
    expect(run.stdout).not.toContain('FAIL');
    expect(run.code).toBe(0);
    expect(fs.readdirSync(disk.dir).sort()).toEqual(['app.sqlite', 'server.lock', 'session-secret', 'uploads']);
    expect(fs.readFileSync(path.join(disk.dir, 'uploads', 'meme.png'), 'utf8')).toBe('an image');
  });

  it('refuses a non-empty DATA_DIR without --force', async () => {
    const folder = await backup();
    const target = occupiedDataDir();
    const run = await restore(folder, ['--data-dir', target]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL .* is not empty \(app\.sqlite\): restore into an empty folder, or add --force to replace its contents$/m);
    untouched(target);
  });

  it('refuses a BACKUP_DIR inside DATA_DIR, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: '/srv/acorn', BACKUP_DIR: '/srv/acorn/backups' })).toThrow(/BACKUP_DIR: must not be inside DATA_DIR/);
  });
});
