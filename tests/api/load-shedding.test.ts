import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { blockTheEventLoop } from '../helpers/block-event-loop.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { rawJsonPost, requestsInOneTurn } from '../helpers/one-turn-requests.js';

// A loop delay this process reaches only while the test blocks it, sampled often so the test is quick.
const shedding = { SHED_EVENT_LOOP_DELAY_MS: '50', SHED_SAMPLE_INTERVAL_MS: '100' };

let ctx: TestApp;
let base: string;
let port: number;
let unblock: (() => void) | null = null;

async function start(env: Record<string, string>): Promise<void> {
  ctx = await build(env);
  await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '34123' }]);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  port = address.port;
  base = `http://127.0.0.1:${port}`;
}

const lookup = () =>
  fetch(`${base}/api/allocation/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: mainnetWallets.taproot }),
  });

const lookupRequest = rawJsonPost('/api/allocation/lookup', { walletAddress: mainnetWallets.taproot });

/** Blocks the loop (released when the test ends, before its app closes, or by release()). */
function blockLoop(): void {
  unblock = blockTheEventLoop();
  onTestFinished(() => {
    unblock?.();
    unblock = null;
  });
}

/** Blocks the loop until the shedding's own sampling reports the pressure. */
async function saturate(): Promise<void> {
  blockLoop();
  await vi.waitFor(() => expect(ctx.app.shedding.active()).toBe(true), { timeout: 15_000, interval: 20 });
}

async function release(): Promise<void> {
  unblock?.();
  unblock = null;
  await vi.waitFor(() => expect(ctx.app.shedding.active()).toBe(false), { timeout: 15_000, interval: 20 });
}

// Every request waits out a few blocked stretches: slower than most API tests, on a slow machine more so.
describe('load shedding', { timeout: 60_000 }, () => {
  it('answers 503 SERVER_BUSY with Retry-After at once while the event loop is saturated, and 200 again once it is free', async () => {
    await start(shedding);
    expect((await lookup()).status).toBe(200);

    await saturate();
    const busy = await lookup();
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await busy.json()).toEqual({ error: 'SERVER_BUSY', message: expect.stringMatching(/busy/i) });

    await release();
    const answered = await lookup();
    expect(answered.status).toBe(200);
    expect((await answered.json()).allocation.walletAddress).toBe(mainnetWallets.taproot);
  });

  it('spends none of the per-visitor lookup limit on a shed lookup', async () => {
    // Only the loop delay sheds here, in the route's own hook, before the limit would count.
    await start({ ...shedding, SHED_TURN_BUDGET_MS: '0', LOOKUP_RATE_LIMIT: '2' });
    await saturate();
    const shed = [await lookup(), await lookup(), await lookup()];
    expect(shed.map((answer) => answer.status)).toEqual([503, 503, 503]);

    await release();
    const answered = [await lookup(), await lookup(), await lookup()];
    expect(answered.map((answer) => answer.status)).toEqual([200, 200, 429]);
  });

  it('keeps /healthz answering 200 while /readyz says not ready with SERVER_BUSY', async () => {
    await start(shedding);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    await saturate();
    const live = await fetch(`${base}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ready.json()).error).toBe('SERVER_BUSY');

    await release();
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('serves the page and its built files while the API is shed', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-client-'));
    onTestFinished(() => fs.rmSync(clientDir, { recursive: true, force: true }));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1);');
    await start({ ...shedding, CLIENT_DIR: clientDir });

    await saturate();
    expect((await lookup()).status).toBe(503);
    const urls = ['/', '/allocation', '/assets/app-1234.js'];
    const answers = await Promise.all(urls.map(async (url) => `${url} ${(await fetch(`${base}${url}`)).status}`));
    expect(answers).toEqual(urls.map((url) => `${url} 200`));
  });

  it('sheds nothing when SHED_EVENT_LOOP_DELAY_MS is 0, however late the loop runs, and adds nothing to each request', async () => {
    await start({ ...shedding, SHED_EVENT_LOOP_DELAY_MS: '0', SHED_TURN_BUDGET_MS: '1' });
    // No sampling and no per-request check at all: the plugin that would add them is not registered.
    expect(ctx.app.hasDecorator('isUnderPressure')).toBe(false);
    blockLoop();
    const answers = await requestsInOneTurn(port, 20, lookupRequest);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(ctx.app.shedding.active()).toBe(false);
    expect((await lookup()).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('answers the rest of a turn 503 SERVER_BUSY once that turn of the event loop has spent SHED_TURN_BUDGET_MS, and says so on /readyz', async () => {
    // The loop-delay bound out of reach: only the turn budget sheds here.
    const metricsToken = 'load-shedding-metrics-token';
    await start({ SHED_EVENT_LOOP_DELAY_MS: '60000', SHED_SAMPLE_INTERVAL_MS: '1000', SHED_TURN_BUDGET_MS: '1', METRICS_TOKEN: metricsToken });

    const answers = await requestsInOneTurn(port, 200, lookupRequest);
    const busy = answers.filter((answer) => answer.status === 503);
    // The first request of a turn is always admitted; 200 lookups take far more than 1 ms.
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    for (const answer of busy) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(answer.body)).toEqual({ error: 'SERVER_BUSY', message: 'The server is busy right now. Please try again in a few seconds.' });
      // Answered before routing, still with a JSON answer's protections.
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    }
    const scrape = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    expect(Number(/^shed_requests_total (\d+)$/m.exec(scrape)?.[1])).toBe(busy.length);
    expect(ctx.app.shedding.active()).toBe(true);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    // One request alone is the first of its turn.
    expect((await lookup()).status).toBe(200);
  });
});
