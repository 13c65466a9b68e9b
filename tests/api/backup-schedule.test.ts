import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/platform/config.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { tryExclusiveFileLock } from '../../server/platform/db/file-lock.js';
import { listCompleteBackups } from '../../server/features/backups/backup-rotation.js';
import {
  createBackupSchedule,
  firstBackupDelayMs,
  retryAfterFailureMs,
} from '../../server/features/backups/backup-schedule.service.js';
import { scheduledBackupLockKey } from '../../server/features/backups/backup-schedule.service.js';
import { useTestApp } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

const hour = 3_600_000;
const ctx = useTestApp({ BACKUP_INTERVAL_HOURS: '1', BACKUP_KEEP: '2' });
// The schedules' clock (the app keeps the wall clock).
let clock: number;
const now = () => clock;

beforeEach(async () => {
  await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '1500' }]);
  clock = Date.parse('2026-11-26T10:00:00Z');
});

const scheduleOf = (config: AppConfig = ctx.config) =>
  createBackupSchedule({ config, db: ctx.handle.db, dialect: ctx.handle.dialect, now });

const backupNames = () => listCompleteBackups(ctx.config.backupDir).map((backup) => backup.name);

/** The same server, but its database cannot be copied: gone from DATA_DIR, or PostgreSQL not answering. */
function unreachableDatabase(): AppConfig {
  if (ctx.config.databaseUrl) {
    const url = new URL(ctx.config.databaseUrl);
    url.port = '9';
    return { ...ctx.config, databaseUrl: url.toString() };
  }
  return { ...ctx.config, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-empty-')) };
}

describe('scheduled backups', () => {
  it('takes the first a few minutes after start, then one per interval, keeping the newest BACKUP_KEEP', async () => {
    const schedule = scheduleOf();
    expect(await schedule.tick()).toBeNull();
    expect(backupNames()).toEqual([]);

    const taken: string[] = [];
    clock += firstBackupDelayMs;
    for (let round = 0; round < 3; round += 1) {
      const result = await schedule.tick();
      expect(result?.outcome).toBe('taken');
      if (result?.outcome === 'taken') taken.push(path.basename(result.backup.folder));
      expect(await schedule.tick()).toBeNull();
      clock += hour;
    }
    expect(backupNames()).toEqual([taken[2], taken[1]]);
    expect(schedule.lastGood()?.name).toBe(taken[2]);
  });

  it('never removes the last good backup when a new one fails, and tries again later', async () => {
    const schedule = scheduleOf();
    clock += firstBackupDelayMs;
    for (let round = 0; round < 2; round += 1) {
      expect((await schedule.tick())?.outcome).toBe('taken');
      clock += hour;
    }
    const good = backupNames();
    expect(good).toHaveLength(2);

    const failing = scheduleOf(unreachableDatabase());
    const failed = await failing.tick();
    expect(failed?.outcome).toBe('failed');
    expect(backupNames()).toEqual(good);
    expect(fs.readdirSync(ctx.config.backupDir).filter((name) => name.startsWith('.incomplete-'))).toEqual([]);

    // Not every minute while the cause lasts: after a pause.
    expect(await failing.tick()).toBeNull();
    clock += retryAfterFailureMs;
    expect((await failing.tick())?.outcome).toBe('failed');
    expect(backupNames()).toEqual(good);
  });

  it('is taken by one process at a time', async () => {
    const schedule = scheduleOf();
    clock += firstBackupDelayMs;
    let release: () => Promise<void>;
    if (postgresUrl) {
      const other = new pg.Client({ connectionString: postgresUrl });
      await other.connect();
      await other.query('select pg_advisory_lock($1)', [scheduledBackupLockKey]);
      release = async () => void (await other.end());
    } else {
      fs.mkdirSync(ctx.config.backupDir, { recursive: true });
      const held = tryExclusiveFileLock(path.join(ctx.config.backupDir, '.scheduled-backup.lock'));
      expect(held).not.toBeNull();
      release = async () => held!();
    }
    expect(await schedule.tick()).toEqual({ outcome: 'busy' });
    expect(backupNames()).toEqual([]);
    await release();
    expect((await schedule.tick())?.outcome).toBe('taken');
  });

  it('names the last good backup in the start-up log', async () => {
    const lines: string[] = [];
    const start = async () => {
      const config = { ...ctx.config, logLevel: 'info' };
      const handle = connectDatabase(config);
      const app = await buildApp(config, { database: handle, logStream: { write: (line: string) => void lines.push(line) } });
      await app.ready();
      await app.close();
      await handle.db.destroy();
      return lines.map((line) => JSON.parse(line) as { msg: string }).map((line) => line.msg);
    };
    expect(await start()).toContain('no backup yet: the first is taken within minutes');

    const schedule = scheduleOf();
    clock += firstBackupDelayMs;
    const result = await schedule.tick();
    expect(result?.outcome).toBe('taken');
    lines.length = 0;
    expect(await start()).toContain(`last good backup: ${new Date(clock).toISOString()}`);
  });
});
