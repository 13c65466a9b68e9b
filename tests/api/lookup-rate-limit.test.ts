import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.js';
import { launchStateTtlMs, pause, resume } from '../../server/features/launch/index.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** One bot looping over addresses must not take the capacity every holder shares: lookups are limited per visitor. */

const wallet = mainnetWallets.taproot;

let ctx: TestApp | undefined;

async function listening(env: Record<string, string>, clock?: { now: number }): Promise<string> {
  const port = await freePort();
  ctx = await build({ PORT: String(port), LOOKUP_RATE_LIMIT: '3', ...env }, clock ? { now: () => clock.now } : {});
  await seedAllocationRecords(ctx.handle.db, [{ wallet, category: 'Holder Airdrop', tokens: '100' }]);
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${port}`;
}

function lookup(base: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/allocation/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ walletAddress: wallet }),
  });
}

function lookupMany(base: string, walletAddresses: string[]) {
  return fetch(`${base}/api/allocation/lookup-many`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddresses }),
  });
}

function proof(base: string) {
  return fetch(`${base}/api/allocation/proof?wallet=${wallet}`);
}

async function statuses(requests: Array<() => Promise<Response>>): Promise<number[]> {
  const answers: number[] = [];
  for (const request of requests) answers.push((await request()).status);
  return answers;
}

describe('per-IP limit on the allocation lookup', () => {
  it('answers the 4th lookup in a minute from one IP with 429 RATE_LIMITED and Retry-After', async () => {
    const base = await listening({});
    expect(await statuses([() => lookup(base), () => lookup(base), () => lookup(base)])).toEqual([200, 200, 200]);

    const limited = await lookup(base);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: 'RATE_LIMITED', message: expect.any(String) });
  });

  it('counts proofs apart from lookups, under the same limit', async () => {
    const base = await listening({});
    expect(await statuses([() => lookup(base), () => lookup(base), () => lookup(base)])).toEqual([200, 200, 200]);
    expect(await statuses([() => proof(base), () => proof(base), () => proof(base), () => proof(base)])).toEqual([
      200, 200, 200, 429,
    ]);
    const limited = await proof(base);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('counts two visitors behind a proxy apart (TRUST_PROXY): one limited, the other still answered', async () => {
    const base = await listening({ TRUST_PROXY: 'true' });
    const first = { 'x-forwarded-for': '203.0.113.9' };
    const second = { 'x-forwarded-for': '198.51.100.7' };
    expect(await statuses([1, 2, 3, 4].map(() => () => lookup(base, first)))).toEqual([200, 200, 200, 429]);
    expect((await lookup(base, second)).status).toBe(200);
  });

  it('does not limit lookups when LOOKUP_RATE_LIMIT is 0', async () => {
    const base = await listening({ LOOKUP_RATE_LIMIT: '0' });
    const answers = await statuses(Array.from({ length: 10 }, () => () => lookup(base)));
    expect(answers.every((status) => status === 200)).toBe(true);
  });
});

describe('what the lookup limit does not count', () => {
  const start = Date.UTC(2026, 11, 1, 12, 0, 0);
  const several = [wallet, mainnetWallets.legacy, mainnetWallets.p2sh];

  it('spends none of it on lookups refused before the reveal, and counts from the reveal on', async () => {
    const clock = { now: start };
    const base = await listening({ ALLOCATION_REVEAL_AT: new Date(start + 60_000).toISOString() }, clock);
    expect(await statuses([() => lookup(base), () => lookup(base), () => lookupMany(base, several), () => lookup(base)])).toEqual([
      403, 403, 403, 403,
    ]);

    clock.now += 60_000 + launchStateTtlMs + 1;
    expect(await statuses([() => lookup(base), () => lookup(base), () => lookup(base), () => lookup(base)])).toEqual([200, 200, 200, 429]);
  });

  it('spends none of it on lookups refused while lookups are paused', async () => {
    const clock = { now: start };
    const base = await listening({}, clock);
    await pause(ctx!.handle.db, 'A corrected list follows.', clock.now);
    clock.now += launchStateTtlMs + 1;
    expect(await statuses([() => lookup(base), () => lookupMany(base, several), () => lookup(base), () => lookup(base)])).toEqual([
      503, 503, 503, 503,
    ]);

    await resume(ctx!.handle.db);
    clock.now += launchStateTtlMs + 1;
    expect(await statuses([() => lookup(base), () => lookup(base), () => lookup(base), () => lookup(base)])).toEqual([200, 200, 200, 429]);
  });
});
