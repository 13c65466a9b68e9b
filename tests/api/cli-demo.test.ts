import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { countDemoRows } from '../../server/features/demo/demo-counts.js';
import { demoSource } from '../../server/platform/demo-source.js';
import { demoPresenceTtlMs } from '../../server/features/demo/demo-presence.js';
import { loadDemoData, readDemoData } from '../../server/features/demo/load-demo-data.js';
import { removeDemoData } from '../../server/features/demo/remove-demo-data.js';
import { importAllocationsFile, importPointsFile } from '../../server/features/imports/index.js';
import { getPointsStats, getStakingStats } from '../../server/features/settings/settings.repository.js';
import { freePort } from '../../scripts/free-port.js';
import { build } from '../helpers/build-app.js';
import { useCliDatabase } from '../helpers/cli-database.js';
import { fixture, projectRoot, runCli } from '../helpers/run-cli.js';

const showcase = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
const demo = readDemoData();

const cli = useCliDatabase();

/** Rows of a table; of an allocation table optionally only the demo source's or only the others'. */
async function countRows(table: 'users' | 'allocation_records' | 'points_allocations', source?: 'demo' | 'real') {
  let query = cli.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  if (table !== 'users' && source) {
    query = cli.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('source', source === 'demo' ? '=' : '<>', demoSource);
  }
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('a real import while the demo data set is loaded', () => {
  it('is refused with the removal hint, writing nothing, for allocations, points and allocate', async () => {
    expect(await loadDemoData(cli.db)).toBe('loaded');
    const allocations = await cli.run('import:allocations', [fixture('allocations-good.csv')]);
    expect(allocations.code).toBe(1);
    expect(allocations.stderr).toContain(
      'the database still holds the demo data set (48 users, 3,224 allocation records, 47 points allocations and the staking figure)',
    );
    expect(allocations.stderr).toContain('Remove it first with `npm run demo:remove`, or pass --keep-demo');
    expect(allocations.stderr).toContain('the database was not changed');

    const points = await cli.run('import:points', [fixture('points-good.csv')]);
    expect(points.code).toBe(1);
    expect(points.stderr).toContain('npm run demo:remove');

    const allocate = await cli.run('allocate', ['--pool', '1000']);
    expect(allocate.code).toBe(1);
    expect(allocate.stderr).toContain('npm run demo:remove');

    expect(await countRows('allocation_records', 'real')).toBe(0);
    expect(await countRows('points_allocations', 'real')).toBe(0);
    expect(await countRows('points_allocations', 'demo')).toBe(47);
  }, 60_000);

  it('a dry run only notes the demo set, and --keep-demo imports beside it', async () => {
    await loadDemoData(cli.db);
    const dry = await cli.run('import:allocations', [fixture('allocations-good.csv'), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('note: the demo data set is loaded');

    const kept = await cli.run('import:allocations', [fixture('allocations-good.csv'), '--keep-demo']);
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain('note: kept beside the demo data set');
    expect(await countRows('allocation_records', 'real')).toBe(4);
    expect(await countRows('allocation_records', 'demo')).toBe(demo.allocationRecords.length);
  });
});

describe('npm run demo:remove', () => {
  it('deletes exactly the demo rows, says how many per table, and keeps a demo user someone used for real', async () => {
    await loadDemoData(cli.db);
    expect(await getStakingStats(cli.db)).toMatchObject({ value: { lockedCount: demo.stakingLockedCount } });
    expect(await countDemoRows(cli.db)).toMatchObject({ settings: 1 });
    // Real data beside the demo set, and someone claiming a post as the showcase (demo) user.
    expect(await importAllocationsFile(cli.db, fixture('allocations-good.csv'), { keepDemo: true })).toMatchObject({ ok: true });
    expect(await importPointsFile(cli.db, fixture('points-good.csv'), { keepDemo: true, source: 'season-1' })).toMatchObject({ ok: false });
    const points = cli.writeFile('points.csv', 'wallet_address,final_points,allocated_tokens\n3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy,5,50\n');
    expect(await importPointsFile(cli.db, points, { keepDemo: true })).toMatchObject({ ok: true });
    await cli.db
      .insertInto('users')
      .values({ wallet_address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', referral_code: null, blocked_at: null, blocked_reason: null, created_at: 1, last_login_at: 1 })
      .execute();
    const showcaseUser = await cli.db.selectFrom('users').select('id').where('wallet_address', '=', showcase).executeTakeFirstOrThrow();
    await cli.db
      .insertInto('tweet_claims')
      .values([
        { user_id: showcaseUser.id, tweet_id: '1', tweet_url: 'https://x.com/a/status/1', tweet_text: 't', is_custom: 0, points: 25, created_at: 2, meme_id: null },
        // A claim an operator revoked: its points were taken back, so the kept user does not get them again.
        { user_id: showcaseUser.id, tweet_id: '2', tweet_url: 'https://x.com/a/status/2', tweet_text: 'u', is_custom: 0, points: 40, created_at: 3, meme_id: null, revoked_at: 4, revoked_reason: 'copied' },
      ])
      .execute();

    // The list is public (no reveal schedule), so the import beside the demo set published its root.
    const run = await cli.run('demo:remove', ['--after-reveal', '--reason', 'the demo set was left beside the list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/users:\s+47 \(1 kept: used for real since, demo points cleared\)\n/);
    expect(run.stdout).toMatch(/allocation records:\s+3,224\n/);
    expect(run.stdout).toMatch(/points allocations:\s+47\n/);
    expect(run.stdout).toMatch(/settings:\s+1 \(the staking figure\)\n/);

    expect(await countDemoRows(cli.db)).toEqual({ users: 0, allocationRecords: 0, pointsAllocations: 0, settings: 0 });
    expect(await countRows('users')).toBe(2);
    expect(await countRows('allocation_records')).toBe(4);
    expect(await countRows('points_allocations')).toBe(1);
    expect(await getStakingStats(cli.db)).toBeNull();
    const kept = await cli.db.selectFrom('users').select(['total_points', 'is_demo']).where('id', '=', showcaseUser.id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ total_points: 25, is_demo: 0 });
    expect((await getPointsStats(cli.db))?.value).toEqual({ totalAllocations: 1, totalTokensMicro: 50_000_000, totalPoints: 5 });

    const again = await cli.run('demo:remove', []);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('no demo data in the database; nothing removed');
  });

  it('writes the removal to the audit log with the system user and the demo rows counted before and after', async () => {
    await loadDemoData(cli.db);
    expect((await cli.run('demo:remove', [])).code).toBe(0);
    const [entry] = await cli.db.selectFrom('audit_log').selectAll().where('action', '=', 'demo.remove').execute();
    expect(entry!.actor).toMatch(/^cli:.+/);
    expect(JSON.parse(entry!.before!)).toMatchObject({ allocationRecords: 3224, pointsAllocations: 47 });
    expect(JSON.parse(entry!.after!)).toEqual({ users: 0, allocationRecords: 0, pointsAllocations: 0, settings: 0 });
  }, 60_000);

  it('keeps a staking figure the operator set over the demo one, and npm start does not load the demo set again', async () => {
    await loadDemoData(cli.db);
    expect((await cli.run('set-staking', ['--locked', '1000'])).code).toBe(0);
    const removal = await removeDemoData(cli.db);
    expect(removal).toMatchObject({ users: 48, usersKept: 0, allocationRecords: 3224, pointsAllocations: 47, settings: 0 });
    expect((await getStakingStats(cli.db))?.value).toEqual({ lockedCount: 1000 });
    expect(await countDemoRows(cli.db)).toMatchObject({ settings: 0 });
    expect(await loadDemoData(cli.db)).toBe('removed-before');
    expect(await countRows('users')).toBe(0);
  });

  it('the demo data set itself passes every import check (known categories, checksums, no doubled pair)', async () => {
    const allocations = cli.writeFile('demo-allocations.csv', ['wallet_address,category,tokens', ...demo.allocationRecords.map((row) => row.join(','))].join('\n'));
    const points = cli.writeFile('demo-points.csv', ['wallet_address,final_points,allocated_tokens', ...demo.pointsAllocations.map((row) => row.join(','))].join('\n'));
    expect(await importAllocationsFile(cli.db, allocations, { dryRun: true })).toMatchObject({ ok: true, rows: 3224 });
    expect(await importPointsFile(cli.db, points, { dryRun: true })).toMatchObject({ ok: true, rows: 47 });
  });
});

describe('GET /api/config demoData', () => {
  it('is true while the demo set is loaded and false once demo:remove ran beside the live server', async () => {
    const ctx = await build({}, { clock: 1_000_000 });
    const demoData = async () => (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().demoData;
    expect(await demoData()).toBe(false);
    ctx.clock += demoPresenceTtlMs;
    await loadDemoData(ctx.handle.db);
    expect(await demoData()).toBe(true);

    expect((await runCli('demo:remove', [], ctx.config)).code).toBe(0);
    ctx.clock += demoPresenceTtlMs;
    expect(await demoData()).toBe(false);
  });
});

// Each start is a child process that migrates and listens: seconds on a busy 2-core machine.
describe('npm start', () => {

  /** Starts scripts/start.ts on a free port (with a built client faked fresh) and reads /api/config once it answers. */
  async function start(env: Record<string, string>) {
    const port = await freePort();
    const clientDir = path.join(cli.config.dataDir, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>test</title>');
    // Newer than every client source, so start does not run a build.
    const future = new Date(Date.UTC(2100, 0, 1));
    fs.utimesSync(path.join(clientDir, 'index.html'), future, future);
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATA_DIR: cli.config.dataDir,
        DATABASE_URL: cli.config.databaseUrl ?? '',
        CLIENT_DIR: clientDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        X_SIMULATED: 'false',
        LOG_LEVEL: 'warn',
        // A loaded test machine must not shed this test's few requests, nor back up into the project.
        SHED_EVENT_LOOP_DELAY_MS: '0',
        BACKUP_INTERVAL_HOURS: '0',
        ...env,
      },
    });
    onTestFinished(async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    for (let attempt = 0; attempt < 300; attempt++) {
      if (child.exitCode !== null) throw new Error(`start exited early:\n${output}`);
      const response = await fetch(`http://127.0.0.1:${port}/api/config`).catch(() => null);
      if (response?.ok) return { config: (await response.json()) as { demoData: boolean }, output };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`start did not answer:\n${output}`);
  }

  it('with DEMO_DATA=false starts with an empty database', async () => {
    const started = await start({ DEMO_DATA: 'false' });
    expect(started.output).toContain('DEMO_DATA=false: the demo data set is not loaded');
    expect(started.config.demoData).toBe(false);
    expect(await countRows('users')).toBe(0);
    expect(await countRows('allocation_records')).toBe(0);
    expect(await countRows('points_allocations')).toBe(0);
  }, 60_000);

  it('by default loads the demo set into the empty database, marked as demo', async () => {
    const started = await start({});
    expect(started.output).toContain('npm run demo:remove');
    expect(started.config.demoData).toBe(true);
    expect(await countDemoRows(cli.db)).toEqual({
      users: demo.users.length,
      allocationRecords: demo.allocationRecords.length,
      pointsAllocations: demo.pointsAllocations.length,
      settings: 1,
    });
  }, 60_000);
});
