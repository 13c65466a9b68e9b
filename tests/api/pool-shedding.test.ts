import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import { connectDatabase, type DatabaseHandle } from '../../server/platform/db/connect.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

// Only the pool sheds here: the loop-delay bound out of reach, no turn budget, a short wait for a connection.
const poolWaitMs = 50;
const poolShedding = { SHED_EVENT_LOOP_DELAY_MS: '60000', SHED_SAMPLE_INTERVAL_MS: '100', SHED_TURN_BUDGET_MS: '0', SHED_POOL_WAIT_MS: String(poolWaitMs) };
const metricsToken = 'pool-shedding-metrics-token';

let ctx: TestApp;
let base: string;

async function start(env: Record<string, string>): Promise<void> {
  ctx = await build(env);
  await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '34123' }]);
  base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
}

const lookup = () =>
  fetch(`${base}/api/allocation/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: mainnetWallets.taproot }),
  });

/**
 * Checks out every connection of the pool (the test app's unless another is named) and queues `waiting`
 * more calls behind them, as a query too slow for the load would; all are given back by the returned
 * function (or when the test ends).
 */
async function holdEveryConnection(waiting: number, { db, pool }: DatabaseHandle = ctx.handle): Promise<() => Promise<void>> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  // Each hold's failure (a queued call the pool timed out) is kept for the release to report, not left unhandled.
  const holds = Array.from({ length: pool.max + waiting }, () =>
    db.connection().execute(() => released).then(
      () => null,
      (error: unknown) => error,
    ),
  );
  const release = async () => {
    letGo();
    expect((await Promise.all(holds)).filter((failure) => failure !== null)).toEqual([]);
  };
  onTestFinished(release);
  await vi.waitFor(() => {
    expect(pool.open - pool.idle).toBe(pool.max);
    expect(pool.waiting).toBeGreaterThanOrEqual(waiting);
  });
  return release;
}

/** Until the call that has waited longest for a connection has waited past the bound. */
async function waitedPastTheBound({ pool }: DatabaseHandle = ctx.handle): Promise<void> {
  await vi.waitFor(() => expect(pool.oldestWaitMs).toBeGreaterThan(poolWaitMs));
}

async function calm(): Promise<void> {
  await vi.waitFor(() => expect(ctx.app.shedding.active()).toBe(false), { timeout: 10_000, interval: 20 });
}

describe.runIf(postgresUrl)('load shedding while requests wait for a PostgreSQL connection', { timeout: 30_000 }, () => {
  it('answers 503 SERVER_BUSY with Retry-After once a call has waited SHED_POOL_WAIT_MS for a connection, and 200 once they are free', async () => {
    await start({ ...poolShedding, METRICS_TOKEN: metricsToken });
    const release = await holdEveryConnection(2);
    await waitedPastTheBound();
    // Answered while every connection is still held: the shed lookup never waited for one.
    const busy = await lookup();
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await busy.json()).toEqual({ error: 'SERVER_BUSY', message: expect.stringMatching(/busy/i) });
    expect(ctx.handle.pool.open - ctx.handle.pool.idle).toBe(ctx.handle.pool.max);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error).toBe('SERVER_BUSY');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // The scrape reads its gauges as it starts, then its own database reads queue behind the held connections.
    const scraped = fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    await vi.waitFor(() => expect(ctx.handle.pool.waiting).toBeGreaterThan(2));

    await release();
    const scrape = await (await scraped).text();
    expect(Number(/^shed_requests_total (\d+)$/m.exec(scrape)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/^database_pool_waiting (\d+)$/m.exec(scrape)?.[1])).toBeGreaterThanOrEqual(2);
    await calm();
    const answered = await lookup();
    expect(answered.status).toBe(200);
    expect((await answered.json()).allocation.walletAddress).toBe(mainnetWallets.taproot);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('admits a lookup while the calls waiting for a connection have waited less than SHED_POOL_WAIT_MS, and answers it once one is free', async () => {
    await start({ ...poolShedding, SHED_POOL_WAIT_MS: '60000' });
    const release = await holdEveryConnection(1);
    // Queued behind the held connections, then answered once they are given back.
    const waiting = lookup();
    await vi.waitFor(() => expect(ctx.handle.pool.waiting).toBeGreaterThanOrEqual(2));
    await release();
    expect((await waiting).status).toBe(200);
  });

  it('spends none of the per-visitor lookup limit on a lookup shed for the pool', async () => {
    await start({ ...poolShedding, LOOKUP_RATE_LIMIT: '2' });
    const release = await holdEveryConnection(2);
    await waitedPastTheBound();
    const shed = [await lookup(), await lookup(), await lookup()];
    expect(shed.map((answer) => answer.status)).toEqual([503, 503, 503]);

    await release();
    await calm();
    const answered = [await lookup(), await lookup(), await lookup()];
    expect(answered.map((answer) => answer.status)).toEqual([200, 200, 429]);
  });

  it('sheds nothing for the pool when SHED_POOL_WAIT_MS is 0', async () => {
    await start({ ...poolShedding, SHED_POOL_WAIT_MS: '0' });
    const release = await holdEveryConnection(3);
    await vi.waitFor(() => expect(ctx.handle.pool.oldestWaitMs).toBeGreaterThan(poolWaitMs));
    expect(ctx.app.shedding.active()).toBe(false);
    const waiting = lookup();
    await vi.waitFor(() => expect(ctx.handle.pool.waiting).toBeGreaterThanOrEqual(4));
    await release();
    expect((await waiting).status).toBe(200);
  });

  it('logs one line when shedding for the pool begins and one when it ends', async () => {
    await start(poolShedding);
    const lines: string[] = [];
    const handle = connectDatabase(ctx.config);
    const logged = await buildApp({ ...ctx.config, logLevel: 'warn' }, { database: handle, logStream: { write: (line: string) => void lines.push(line) } });
    onTestFinished(async () => {
      await logged.close();
      await handle.db.destroy();
    });
    await logged.ready();
    const messages = () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);

    const release = await holdEveryConnection(2, handle);
    await waitedPastTheBound(handle);
    await vi.waitFor(() =>
      expect(messages()).toEqual([expect.stringMatching(/^server saturated .*\d+ calls waiting for a database connection, the oldest \d+ ms, limit 50 ms\)/)]),
    );
    const shed = await logged.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: mainnetWallets.taproot } });
    expect(shed.statusCode).toBe(503);
    await release();
    await vi.waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[1]).toMatch(/^server recovered after \d+ ms; 1 requests were shed$/);
  });
});

describe.skipIf(postgresUrl)('SHED_POOL_WAIT_MS on SQLite', () => {
  it('sheds nothing: SQLite has no pool, so nothing ever waits for a connection', async () => {
    await start({ ...poolShedding, SHED_POOL_WAIT_MS: '1' });
    expect(ctx.handle.pool.oldestWaitMs).toBe(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => lookup()));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(ctx.app.shedding.active()).toBe(false);
  });
});
