import { describe, expect, it } from 'vitest';
import { setStakingStats } from '../../server/features/settings/settings.repository.js';
import { answerAfterChange } from '../helpers/answer-after-change.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { useFakeUpstream } from '../helpers/fake-upstream.js';

// The explorers, marketplace and staking source of the test: the tests set their answers before the app starts.
const upstream = useFakeUpstream();
let ctx: TestApp | undefined;

async function appWith(env: Record<string, string> = {}, now?: () => number) {
  ctx = await build(
    {
      BLOCK_HEIGHT_URLS: `${upstream.url}/primary/height,${upstream.url}/backup/height`,
      MARKETPLACE_API_BASE: upstream.url,
      UPSTREAM_TIMEOUT_MS: '300',
      ...env,
    },
    { now },
  );
  return ctx.app;
}

const statPath = '/v2/ord/btc/stat';

describe('GET /api/chain/tip-height', () => {
  it('serves the explorer height and caches it for a burst of visitors', async () => {
    upstream.set('/primary/height', { kind: 'text', body: '915000' });
    const app = await appWith();
    const before = upstream.calls('/primary/height');
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => app.inject({ method: 'GET', url: '/api/chain/tip-height' })),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ height: 915000, stale: false });
      expect(response.headers['cache-control']).toBe('public, max-age=15');
    }
    expect(upstream.calls('/primary/height') - before).toBe(1);
  });

  it('falls back to the second explorer when the first fails', async () => {
    upstream.set('/primary/height', { kind: 'text', body: 'oops', status: 500 });
    upstream.set('/backup/height', { kind: 'text', body: '915001\n' });
    const app = await appWith();
    expect((await app.inject({ method: 'GET', url: '/api/chain/tip-height' })).json().height).toBe(915001);
  });

  it('serves the last good height marked stale, with when it was fetched, once the cache expired and the explorers fail', async () => {
    const fetchedAt = Date.UTC(2025, 0, 15, 12, 0, 0);
    let now = fetchedAt;
    upstream.set('/primary/height', { kind: 'text', body: '915002' });
    const app = await appWith({}, () => now);
    const fresh = await app.inject({ method: 'GET', url: '/api/chain/tip-height' });
    expect(fresh.json()).toEqual({ height: 915002, fetchedAt, stale: false });

    upstream.set('/primary/height', { kind: 'text', body: 'down', status: 500 });
    upstream.set('/backup/height', { kind: 'text', body: 'down', status: 500 });
    now = fetchedAt + 5 * 60_000;
    const stale = await app.inject({ method: 'GET', url: '/api/chain/tip-height' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ height: 915002, fetchedAt, stale: true });
  });

  it('serves the new height once the cache refreshed, not the answer it sent before', async () => {
    let now = Date.UTC(2025, 0, 15, 12, 0, 0);
    upstream.set('/primary/height', { kind: 'text', body: '915010' });
    const app = await appWith({}, () => now);
    const tipHeight = async () => (await app.inject({ method: 'GET', url: '/api/chain/tip-height' })).json().height;
    expect(await tipHeight()).toBe(915010);

    upstream.set('/primary/height', { kind: 'text', body: '915011' });
    now += 31_000;
    // Past its time to live the old height is served while one refresh runs behind it.
    expect(await answerAfterChange(tipHeight, 915010)).toBe(915011);
  });

  it('answers 502 quickly when every explorer hangs and nothing was ever fetched', async () => {
    upstream.set('/primary/height', { kind: 'hang' });
    upstream.set('/backup/height', { kind: 'text', body: '<html>garbage</html>' });
    const app = await appWith();
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/chain/tip-height' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('UPSTREAM_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(3000);
    // A cached failure would answer the page's Retry and next poll from the browser cache.
    expect(response.headers['cache-control']).toBeUndefined();
  });
});

describe('GET /api/nft/collection-stats/{collection}', () => {
  it('converts the floor price from sats to BTC', async () => {
    upstream.set(statPath, { kind: 'json', body: { floorPrice: '1500000', supply: '3420', owners: '1200' } });
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/api/nft/collection-stats/acorn-squirrels' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      name: 'Acorn Squirrels',
      symbol: 'acorn-squirrels',
      totalSupply: 3420,
      floorPrice: 0.015,
    });
  });

  it('answers 502 for an upstream 500 or garbage, never a 500 of ours', async () => {
    upstream.set(statPath, { kind: 'text', body: 'Internal error', status: 500 });
    let app = await appWith();
    let response = await app.inject({ method: 'GET', url: '/api/nft/collection-stats/acorn-squirrels' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'UPSTREAM_UNAVAILABLE', message: 'Live data unavailable' });
    expect(response.headers['cache-control']).toBeUndefined();

    await ctx?.close();
    upstream.set(statPath, { kind: 'json', body: { floorPrice: 'cheap' } });
    app = await appWith();
    response = await app.inject({ method: 'GET', url: '/api/nft/collection-stats/acorn-squirrels' });
    expect(response.statusCode).toBe(502);
  });

  it('refuses to proxy another collection', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/api/nft/collection-stats/other' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('UNKNOWN_COLLECTION');
  });
});

describe('GET /api/staking/stats/{collection}', () => {
  it('computes the percent locked from the figure set by the CLI', async () => {
    const app = await appWith();
    await setStakingStats(ctx!.handle.db, { lockedCount: 1710 });
    const response = await app.inject({ method: 'GET', url: '/api/staking/stats/acorn-squirrels' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ percentLocked: 50, lockedCount: 1710 });
  });

  it('answers 503 "Live data temporarily unavailable" before any figure exists', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/api/staking/stats/acorn-squirrels' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Live data temporarily unavailable');
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('reads a configured staking source and rejects a malformed answer', async () => {
    upstream.set('/staking', { kind: 'json', body: { percentLocked: 41.5, lockedCount: 1419 } });
    let app = await appWith({ STAKING_STATS_URL: `${upstream.url}/staking` });
    expect((await app.inject({ method: 'GET', url: '/api/staking/stats/acorn-squirrels' })).json().data).toEqual({
      percentLocked: 41.5,
      lockedCount: 1419,
    });
    await ctx?.close();
    upstream.set('/staking', { kind: 'json', body: { percentLocked: 'lots' } });
    app = await appWith({ STAKING_STATS_URL: `${upstream.url}/staking` });
    expect((await app.inject({ method: 'GET', url: '/api/staking/stats/acorn-squirrels' })).statusCode).toBe(502);
  });
});
