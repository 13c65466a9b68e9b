import { describe, expect, it, onTestFinished } from 'vitest';
import type { InjectOptions } from 'fastify';
import { type App, buildApp } from '../../server/app.js';
import { type AppConfig, ConfigError, loadConfig } from '../../server/platform/config.js';
import { connectDatabase, type DatabaseHandle } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { launchSettings, launchStateTtlMs } from '../../server/features/launch/launch.service.js';
import { answerAfterChange } from '../helpers/answer-after-change.js';
import { useFakeUpstream } from '../helpers/fake-upstream.js';
import { runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords, seedPointsAllocations } from '../helpers/seed.js';
import { testConfig } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const wallet = mainnetWallets.taproot;
const start = Date.UTC(2026, 11, 1, 12, 0, 0);
const revealAt = new Date(start + 3_600_000).toISOString();

const upstream = useFakeUpstream();

interface Running {
  app: App;
  config: AppConfig;
  handle: DatabaseHandle;
  clock: { now: number };
}

/** A database with one holder's allocation and points. */
async function database(env: Record<string, string> = {}) {
  const { config, cleanup } = await testConfig({
    BLOCK_HEIGHT_URLS: `${upstream.url}/height`,
    UPSTREAM_TIMEOUT_MS: '300',
    ...env,
  });
  const handle = connectDatabase(config);
  await migrateToLatest(handle.db);
  onTestFinished(async () => {
    await handle.db.destroy();
    await cleanup();
  });
  await seedAllocationRecords(handle.db, [{ wallet, category: 'Holder Airdrop', tokens: '1500' }]);
  await seedPointsAllocations(handle.db, [{ wallet, points: 300, tokens: '1000' }]);
  return { config, handle };
}

/** An app (one process) on that database, with its own clock. */
async function appOn({ config, handle }: { config: AppConfig; handle: DatabaseHandle }): Promise<Running> {
  const clock = { now: start };
  const app = await buildApp(config, { database: handle, logStream: false, now: () => clock.now });
  await app.ready();
  onTestFinished(() => app.close());
  return { app, config, handle, clock };
}

const appWith = async (env: Record<string, string> = {}) => appOn(await database(env));

/** Every call that shows who gets what, with what it answers once the list is public. */
async function gatedCalls(app: App) {
  const { cookie } = await loginCookie(app, wallet);
  return [
    { name: 'lookup', open: 200, request: { method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: wallet } } },
    {
      name: 'lookup-many',
      open: 200,
      request: { method: 'POST', url: '/api/allocation/lookup-many', payload: { walletAddresses: [wallet] } },
    },
    { name: 'proof', open: 200, request: { method: 'GET', url: `/api/allocation/proof?wallet=${wallet}` } },
    { name: 'my allocation', open: 200, request: { method: 'GET', url: '/api/tokens/my-allocation', headers: { cookie } } },
    { name: 'top holders', open: 200, request: { method: 'GET', url: '/api/tokens/allocations' } },
    { name: 'token stats', open: 200, request: { method: 'GET', url: '/api/tokens/stats' } },
    { name: 'allocation stats', open: 200, request: { method: 'GET', url: '/api/allocation/stats' } },
    {
      name: 'dispute',
      // A second report while the first is open is a 409: it, too, went past the gate.
      open: [201, 409],
      request: {
        method: 'POST',
        url: '/api/allocation/disputes',
        headers: { cookie },
        payload: { category: 'Holder Airdrop', expectedAmount: '2000', message: 'I held more at the snapshot.' },
      },
    },
  ] as const;
}

async function answers(app: App) {
  const calls = await gatedCalls(app);
  const out: Record<string, { status: number; body: Record<string, unknown>; retryAfter: unknown; open: readonly number[] }> = {};
  for (const call of calls) {
    const response = await app.inject(call.request as InjectOptions);
    const open = typeof call.open === 'number' ? [call.open] : call.open;
    out[call.name] = { status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'], open };
  }
  return out;
}

async function expectAllOpen(app: App) {
  for (const [name, answer] of Object.entries(await answers(app))) expect([name, answer.open.includes(answer.status)]).toEqual([name, true]);
}

async function expectAllHidden(app: App, reveal: { revealsAt: string | null; revealsAtBlock: number | null }) {
  for (const [name, answer] of Object.entries(await answers(app))) {
    expect([name, answer.status]).toEqual([name, 403]);
    expect(answer.body).toEqual({ error: 'NOT_YET_REVEALED', message: expect.any(String), ...reveal });
  }
}

async function expectAllPaused(app: App, reason: string) {
  for (const [name, answer] of Object.entries(await answers(app))) {
    expect([name, answer.status]).toEqual([name, 503]);
    expect(answer.body).toEqual({ error: 'LOOKUPS_PAUSED', message: expect.any(String), reason });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }
}

const publicConfig = async (app: App) => (await app.inject({ method: 'GET', url: '/api/config' })).json();
const launch = (running: Running, args: string[]) => runCli('launch', args, running.config);
/** Moves a process's clock past the launch state's cache, as if 5 s went by. */
const afterCache = (running: Running) => {
  running.clock.now += launchStateTtlMs + 1;
};

describe('the allocation reveal', () => {
  it('is public by default, as before: every call answers and /api/config says revealed', async () => {
    const { app, handle } = await appWith();
    await expectAllOpen(app);
    // Nothing is written: a schedule set later (or ALLOCATION_REVEAL_AT at the next start) still applies.
    expect(await launchSettings(handle.db)).toEqual({ revealSchedule: null, revealedAt: null, pause: null, notice: null });
    const config = await publicConfig(app);
    expect(config.allocation).toEqual({ revealed: true, revealsAt: null, revealsAtBlock: null });
    expect(config.pause).toBeNull();
    expect(config.notice).toBeNull();
  });

  it('at a time: every gated call answers 403 NOT_YET_REVEALED with revealsAt until then, the root stays public', async () => {
    const running = await appWith({ ALLOCATION_REVEAL_AT: revealAt });
    await expectAllHidden(running.app, { revealsAt: revealAt, revealsAtBlock: null });
    const root = await running.app.inject({ method: 'GET', url: '/api/allocation/root' });
    expect(root.statusCode).toBe(200);
    expect(root.json().root).toMatch(/^[0-9a-f]{64}$/);
    expect((await publicConfig(running.app)).allocation).toEqual({ revealed: false, revealsAt: revealAt, revealsAtBlock: null });

    running.clock.now = Date.parse(revealAt);
    await expectAllOpen(running.app);
    expect((await publicConfig(running.app)).allocation).toEqual({ revealed: true, revealsAt: revealAt, revealsAtBlock: null });
  });

  it('at a block: hidden with revealsAtBlock until the explorer reports that height, then recorded for good', async () => {
    upstream.set('/height', { kind: 'text', body: '915000' });
    const running = await appWith({ ALLOCATION_REVEAL_AT: 'block:915005' });
    await expectAllHidden(running.app, { revealsAt: null, revealsAtBlock: 915005 });
    expect((await publicConfig(running.app)).allocation).toEqual({ revealed: false, revealsAt: null, revealsAtBlock: 915005 });

    upstream.set('/height', { kind: 'text', body: '915005' });
    running.clock.now += 31_000;
    // The tip is cached: the old height is served while one refresh runs behind it.
    const lookup = async () =>
      (await running.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: wallet } })).statusCode;
    expect(await answerAfterChange(lookup, 403)).toBe(200);
    await expectAllOpen(running.app);

    // Recorded in the database: a process that starts later needs no explorer.
    upstream.set('/height', { kind: 'text', body: 'down', status: 500 });
    const later = await appOn(running);
    await expectAllOpen(later.app);
    expect((await publicConfig(later.app)).allocation).toEqual({ revealed: true, revealsAt: null, revealsAtBlock: 915005 });
    const status = await launch(later, ['status']);
    expect(status.stdout).toMatch(/revealed at 20\d\d-/);
  });

  it('ALLOCATION_REVEAL_AT seeds the stored state only when none is stored', async () => {
    const db = await database({ ALLOCATION_REVEAL_AT: revealAt });
    const first = await appOn(db);
    expect((await launch(first, ['reveal-now'])).code).toBe(0);
    // A restart with the variable still set keeps what the command stored.
    const restarted = await appOn(db);
    await expectAllOpen(restarted.app);

    const other = await database({ ALLOCATION_REVEAL_AT: 'block:915100' });
    const status = await runCli('launch', ['status'], other.config, { ALLOCATION_REVEAL_AT: 'block:915100' });
    expect(status.stdout).toContain('block 915,100');
    // The command reads the wall clock, which refuses a time already past: one decades ahead.
    const announced = '2099-12-01T15:00:00.000Z';
    expect((await launch({ ...(await appOn(other)) }, ['reveal-at', announced])).code).toBe(0);
    const next = await appOn(other);
    expect((await publicConfig(next.app)).allocation).toEqual({ revealed: false, revealsAt: announced, revealsAtBlock: null });
  });
});

describe('ALLOCATION_REVEAL_AT', () => {
  it('reads an ISO time with its zone or block:N, and names itself when it is neither', () => {
    expect(loadConfig({ ALLOCATION_REVEAL_AT: '2026-12-01T16:00:00+01:00' }).allocationRevealAt).toEqual({ kind: 'time', at: '2026-12-01T15:00:00.000Z' });
    expect(loadConfig({ ALLOCATION_REVEAL_AT: 'block:925000' }).allocationRevealAt).toEqual({ kind: 'block', height: 925000 });
    expect(loadConfig({}).allocationRevealAt).toBeNull();
    for (const raw of ['tomorrow', '2026-12-01 15:00', '2026-12-01T15:00:00', 'block:', 'block:0', 'block:1.5']) {
      expect(() => loadConfig({ ALLOCATION_REVEAL_AT: raw })).toThrow(ConfigError);
      expect(() => loadConfig({ ALLOCATION_REVEAL_AT: raw })).toThrow('ALLOCATION_REVEAL_AT');
    }
  });
});

describe('npm run launch, seen by a running server without a restart', () => {
  it('reveal-now opens every gated call once the 5 s cache has passed', async () => {
    const running = await appWith({ ALLOCATION_REVEAL_AT: revealAt });
    await expectAllHidden(running.app, { revealsAt: revealAt, revealsAtBlock: null });
    const run = await launch(running, ['reveal-now']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('revealed');
    // Within the cache's 5 s the process answers from what it read: no query per request.
    const lookup = await running.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: wallet } });
    expect(lookup.statusCode).toBe(403);
    afterCache(running);
    await expectAllOpen(running.app);
    expect((await publicConfig(running.app)).allocation.revealed).toBe(true);
  });

  it('pause answers 503 LOOKUPS_PAUSED with the reason and Retry-After, outranking a reveal not yet come; resume undoes it', async () => {
    const running = await appWith({ ALLOCATION_REVEAL_AT: revealAt });
    const reason = 'A wrong list was published; a corrected one follows within the hour.';
    expect((await launch(running, ['pause', '--reason', reason])).code).toBe(0);
    afterCache(running);
    await expectAllPaused(running.app, reason);
    expect((await publicConfig(running.app)).pause).toEqual({ reason });
    // Other pages keep working.
    expect((await running.app.inject({ method: 'GET', url: '/api/allocation/root' })).statusCode).toBe(200);

    running.clock.now = Date.parse(revealAt);
    afterCache(running);
    await expectAllPaused(running.app, reason);

    expect((await launch(running, ['resume'])).code).toBe(0);
    afterCache(running);
    await expectAllOpen(running.app);
    expect((await publicConfig(running.app)).pause).toBeNull();
  });

  it('notice sets and clears a banner in both languages without gating anything', async () => {
    const running = await appWith();
    const set = await launch(running, ['notice', '--en', 'Lookups may be slow this hour.', '--zh', '本小时查询可能较慢。']);
    expect(set.code).toBe(0);
    afterCache(running);
    expect((await publicConfig(running.app)).notice).toEqual({ en: 'Lookups may be slow this hour.', zh: '本小时查询可能较慢。' });
    await expectAllOpen(running.app);

    expect((await launch(running, ['notice', '--clear'])).code).toBe(0);
    afterCache(running);
    expect((await publicConfig(running.app)).notice).toBeNull();
  });

  it('status prints the state; wrong arguments exit 2 with the usage', async () => {
    const running = await appWith();
    const status = await launch(running, ['status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('revealed');
    for (const args of [['reveal-at', 'tomorrow'], ['reveal-at', 'block:-3'], ['pause'], ['notice', '--en', 'only English'], ['dance']]) {
      const run = await launch(running, args);
      expect([args, run.code]).toEqual([args, 2]);
      expect(run.stderr).toContain('Usage: npm run launch');
    }
  });
});
