import { describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build-app.js';
import { useFakeUpstream } from '../helpers/fake-upstream.js';

const upstream = useFakeUpstream();
let ctx: TestApp | undefined;

async function appWith() {
  ctx = await build({
    BLOCK_HEIGHT_URLS: `${upstream.url}/height`,
    MARKETPLACE_API_BASE: upstream.url,
    STAKING_STATS_URL: `${upstream.url}/staking`,
    UPSTREAM_TIMEOUT_MS: '300',
  });
  return ctx.app;
}

const endpoints = [
  { name: 'tip height', url: '/api/chain/tip-height', upstreamPath: '/height', good: { kind: 'text', body: '915000' } },
  {
    name: 'collection stats',
    url: '/api/nft/collection-stats/acorn-squirrels',
    upstreamPath: '/v2/ord/btc/stat',
    good: { kind: 'json', body: { floorPrice: '1500000', supply: '3420' } },
  },
  {
    name: 'staking stats from STAKING_STATS_URL',
    url: '/api/staking/stats/acorn-squirrels',
    upstreamPath: '/staking',
    good: { kind: 'json', body: { percentLocked: 50, lockedCount: 1710 } },
  },
] as const;

describe.each(endpoints)('$name with ?onUnavailable=state (what the site’s pages ask for)', ({ url, upstreamPath, good }) => {
  it('answers 200 with the unavailable state, never cached, when the service is down and nothing was kept', async () => {
    upstream.set(upstreamPath, { kind: 'text', body: 'down', status: 500 });
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: `${url}?onUnavailable=state` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unavailable: true, error: 'UPSTREAM_UNAVAILABLE', message: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the 502 for callers that did not ask', async () => {
    upstream.set(upstreamPath, { kind: 'text', body: 'down', status: 500 });
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('answers the value as usual when the service is up', async () => {
    upstream.set(upstreamPath, good);
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: `${url}?onUnavailable=state` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stale: false });
    expect(response.json()).not.toHaveProperty('unavailable');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=/);
  });

  it('refuses an unknown onUnavailable value', async () => {
    const app = await appWith();
    expect((await app.inject({ method: 'GET', url: `${url}?onUnavailable=yes` })).statusCode).toBe(400);
  });
});
