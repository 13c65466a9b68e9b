import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config.js';
import { connectDatabase } from '../../server/db/connect.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { readSetting } from '../../server/features/settings/settings.repository.js';
import { parseLockedCount, percentLocked, setStakingLocked } from '../../server/features/imports/staking.service.js';
import { testConfig } from '../helpers/test-app.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

let config: AppConfig;
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ config, cleanup } = await testConfig());
  db = connectDatabase(config).db;
  await migrateToLatest(db);
});
afterEach(async () => {
  await db.destroy();
  await cleanup();
});

function runScript(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '' };
  return new Promise((resolve) => {
    execFile(path.join(root, 'node_modules/.bin/tsx'), ['scripts/set-staking.ts', ...args], { cwd: root, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('setStakingLocked', () => {
  it('stores the locked count as the staking_stats setting, overwriting the previous one', async () => {
    await setStakingLocked(db, 10);
    expect(await setStakingLocked(db, 1710)).toEqual({ lockedCount: 1710, collectionSize: 3420, percentLocked: '50.00' });
    expect((await readSetting(db, 'staking_stats'))?.value).toEqual({ lockedCount: 1710 });
  });

  it('accepts whole numbers from 0 to the collection size only', () => {
    expect(parseLockedCount('0')).toEqual({ ok: true, value: 0 });
    expect(parseLockedCount('3420')).toEqual({ ok: true, value: 3420 });
    for (const raw of ['3421', '-1', '1.5', 'abc', '']) expect(parseLockedCount(raw).ok).toBe(false);
  });

  it('rounds the percent half up to 2 decimals', () => {
    expect(percentLocked(1)).toBe('0.03');
    expect(percentLocked(1000)).toBe('29.24');
    expect(percentLocked(3420)).toBe('100.00');
  });
});

describe('npm run set-staking', () => {
  it('stores the value and prints the locked share', async () => {
    const run = await runScript(['--locked', '1000']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('locked 1000 of 3420 (29.24%)\n');
    expect((await readSetting(db, 'staking_stats'))?.value).toEqual({ lockedCount: 1000 });
  });

  it('exits 2 with the usage for a count above the collection size, storing nothing', async () => {
    const run = await runScript(['--locked', '3421']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--locked must be a whole number from 0 to 3420');
    expect(await readSetting(db, 'staking_stats')).toBeNull();
  });
});
