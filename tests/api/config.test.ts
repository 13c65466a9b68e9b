import { describe, expect, it } from 'vitest';
import { defaultExternalLinks, externalLinkVariables } from '../../shared/links.js';
import type { PublicConfig } from '../../shared/schemas/config.js';
import { ConfigError, loadConfig } from '../../server/platform/config.js';
import { build, type TestApp } from '../helpers/build-app.js';

let ctx: TestApp | undefined;

async function publicConfig(env: Record<string, string>): Promise<PublicConfig> {
  await ctx?.close();
  ctx = await build(env);
  const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
  return response.json();
}

// A public https address: the built-in simulated X is never offered there.
const publicSite = { HOST: '0.0.0.0', PUBLIC_URL: 'https://acorn.example' };
const xApp = { X_CLIENT_ID: 'client-id', X_CLIENT_SECRET: 'client-secret' };

describe('GET /api/config', () => {
  it('says mining is closed by default and open with MINING_OPEN=true', async () => {
    expect((await publicConfig(publicSite)).miningOpen).toBe(false);
    expect((await publicConfig({ ...publicSite, MINING_OPEN: 'true' })).miningOpen).toBe(true);
  });

  it('says whether X can be linked: real with an X app, off without one on a public site', async () => {
    expect((await publicConfig({ ...publicSite, ...xApp })).x).toEqual({
      mode: 'real',
      reason: 'configured',
      composeUrl: 'https://x.com/intent/tweet',
    });
    expect((await publicConfig(publicSite)).x.mode).toBe('off');
  });

  it.each<{ env: Record<string, string>; mode: string; reason: string }>([
    { env: { HOST: '127.0.0.1', X_SIMULATED: 'true' }, mode: 'simulated', reason: 'loopback-demo' },
    { env: { HOST: '127.0.0.1', X_SIMULATED: 'false' }, mode: 'off', reason: 'disabled' },
    { env: { HOST: '127.0.0.1', X_SIMULATED: 'true', TRUST_PROXY: 'true' }, mode: 'off', reason: 'behind-proxy' },
    { env: { HOST: '0.0.0.0', X_SIMULATED: 'true' }, mode: 'off', reason: 'not-loopback' },
    { env: { HOST: '127.0.0.1', X_SIMULATED: 'true', PUBLIC_URL: 'http://acorn.example' }, mode: 'off', reason: 'not-loopback' },
    { env: { HOST: '127.0.0.1', X_SIMULATED: 'true', PUBLIC_URL: 'https://acorn.example' }, mode: 'off', reason: 'https' },
  ])('says why X is $mode: $reason', async ({ env, mode, reason }) => {
    const { x } = await publicConfig(env);
    expect(x).toMatchObject({ mode, reason });
    // Public: a code from a fixed list, never the hosts or URLs the start-up log names.
    expect(Object.keys(x).sort()).toEqual(['composeUrl', 'mode', 'reason']);
  });

  it('says whether AI generation is online or the offline generator writes', async () => {
    expect((await publicConfig(publicSite)).generation.mode).toBe('offline');
    const ai = await publicConfig({ ...publicSite, LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_API_KEY: 'key' });
    expect(ai.generation.mode).toBe('ai');
  });

  it('needs no session and carries nothing secret', async () => {
    const config = await publicConfig({ ...publicSite, ...xApp, LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_API_KEY: 'llm-key' });
    const text = JSON.stringify(config);
    for (const secret of ['client-secret', 'client-id', 'llm-key', '127.0.0.1:9']) expect(text).not.toContain(secret);
  });

  it('serves the external links, each overridable by its LINK_* variable', async () => {
    const defaults = (await publicConfig(publicSite)).links;
    expect(defaults).toEqual(defaultExternalLinks);
    const custom = await publicConfig({ ...publicSite, LINK_STAKING_LOCKER: 'https://locker.acorn.example/stake' });
    expect(custom.links).toEqual({ ...defaultExternalLinks, stakingLocker: 'https://locker.acorn.example/stake' });
  });

  it("serves the block explorer's transaction page the payouts link to, without a trailing slash, https only", async () => {
    expect((await publicConfig(publicSite)).explorerTxUrl).toBe('https://mempool.space/tx');
    expect((await publicConfig({ ...publicSite, EXPLORER_TX_URL: 'https://blockstream.info/tx/' })).explorerTxUrl).toBe('https://blockstream.info/tx');
    expect(() => loadConfig({ EXPLORER_TX_URL: 'http://explorer.example/tx' })).toThrow('EXPLORER_TX_URL');
    expect(() => loadConfig({ EXPLORER_TX_URL: 'javascript:alert(1)' })).toThrow('EXPLORER_TX_URL');
  });
});

describe('external link configuration', () => {
  it.each(Object.values(externalLinkVariables))('%s must be an https URL, named when it is not', (variable) => {
    expect(() => loadConfig({ [variable]: 'http://plain.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: 'http://plain.example' })).toThrow(variable);
    expect(() => loadConfig({ [variable]: 'not a url' })).toThrow(variable);
  });
});
