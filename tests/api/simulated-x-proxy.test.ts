import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

/**
 * The simulated X lets anyone "sign in" as any handle: it must never answer a visitor who reaches the
 * server through a proxy or from another machine, whatever the configuration forgot.
 */

const forwarded = {
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'acorn.example.com',
};

async function listening(env: Record<string, string>): Promise<{ ctx: TestApp; base: string }> {
  const port = await freePort();
  const started = await build({ X_SIMULATED: 'true', HOST: '127.0.0.1', PORT: String(port), MINING_OPEN: 'true', ...env });
  await started.app.listen({ port, host: '127.0.0.1' });
  return { ctx: started, base: `http://127.0.0.1:${port}` };
}

/** Joins with a wallet over HTTP; the session cookie and user id for the next requests. */
async function join(base: string, wallet: string, headers: Record<string, string> = {}) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ walletAddress: wallet }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  const { user } = (await login.json()) as { user: { id: number } };
  return { cookie, userId: user.id };
}

async function linkedAccount(base: string, session: { cookie: string; userId: number }) {
  return fetch(`${base}/api/user/${session.userId}/twitter`, { headers: { cookie: session.cookie } });
}

describe('the simulated X behind a proxy (TRUST_PROXY set)', () => {
  it('is off, says why, and linking X goes nowhere near it', async () => {
    const { ctx: started, base } = await listening({ TRUST_PROXY: 'true' });
    expect(started.config.x.mode).toBe('off');
    expect(started.config.x.detail).toContain('TRUST_PROXY');

    const config = (await (await fetch(`${base}/api/config`, { headers: forwarded })).json()) as { x: { mode: string; reason: string } };
    expect(config.x).toMatchObject({ mode: 'off', reason: 'behind-proxy' });

    const session = await join(base, mainnetWallets.taproot, forwarded);
    const start = await fetch(`${base}/api/auth/twitter`, { headers: { ...forwarded, cookie: session.cookie } });
    expect(start.status).toBe(503);
    expect(((await start.json()) as { error: string }).error).toBe('X_NOT_CONFIGURED');
    for (const url of ['/simulated-x/i/oauth2/authorize', '/simulated-x/intent/tweet?text=hi']) {
      expect((await fetch(`${base}${url}`, { headers: forwarded })).status, url).toBe(404);
    }
    expect((await linkedAccount(base, session)).status).toBe(403);
  });

  it('is off with a loopback PUBLIC_URL too', async () => {
    const port = await freePort();
    const { ctx: started } = await listening({ TRUST_PROXY: 'true', PUBLIC_URL: `http://localhost:${port}` });
    expect(started.config.x.mode).toBe('off');
  });
});

describe('the simulated X on a loopback server without TRUST_PROXY', () => {
  const forwardingHeaders: Record<string, string>[] = [
    forwarded,
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-host': 'acorn.example.com' },
    { 'x-forwarded-proto': 'https' },
    { forwarded: 'for=203.0.113.9;proto=https' },
    { 'x-real-ip': '203.0.113.9' },
  ];

  it('refuses every request that carries forwarding headers, and links nothing', async () => {
    const { ctx: started, base } = await listening({});
    expect(started.config.x.mode).toBe('simulated');
    const session = await join(base, mainnetWallets.taproot);

    for (const headers of forwardingHeaders) {
      const label = Object.keys(headers).join(',');
      const start = await fetch(`${base}/api/auth/twitter`, { headers: { ...headers, cookie: session.cookie } });
      expect(start.status, label).toBe(503);
      const body = (await start.json()) as { error: string; message: string };
      expect(body.error, label).toBe('X_NOT_CONFIGURED');
      expect(body.message, label).toContain('only for this machine');

      for (const url of ['/simulated-x/i/oauth2/authorize', '/simulated-x/intent/tweet?text=hi', '/simulated-x/copy.js']) {
        const page = await fetch(`${base}${url}`, { headers });
        expect(page.status, `${label} ${url}`).toBe(503);
        expect(await page.text(), `${label} ${url}`).not.toContain('Simulated X');
      }
      const token = await fetch(`${base}/simulated-x/2/oauth2/token`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=x',
      });
      expect(token.status, label).toBe(503);
      const exchange = await fetch(`${base}/api/auth/twitter/exchange`, {
        method: 'POST',
        headers: { ...headers, cookie: session.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'invented', state: 'invented', walletAddress: mainnetWallets.taproot }),
      });
      expect(exchange.status, label).toBe(503);
    }
    expect((await linkedAccount(base, session)).status).toBe(403);
  });

  it('refuses a request from another machine', async () => {
    const { ctx: started } = await listening({});
    for (const url of ['/simulated-x/i/oauth2/authorize', '/api/auth/twitter']) {
      const response = await started.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' });
      expect(response.statusCode, url).toBe(503);
      expect(response.json().error, url).toBe('X_NOT_CONFIGURED');
    }
  });

  it('still serves a plain request from this machine: the local demo works', async () => {
    const { base } = await listening({});
    const session = await join(base, mainnetWallets.taproot);
    const start = await fetch(`${base}/api/auth/twitter`, { headers: { cookie: session.cookie } });
    expect(start.status).toBe(200);
    const { authUrl } = (await start.json()) as { authUrl: string };
    expect(authUrl.startsWith(`${base}/simulated-x/`)).toBe(true);
    const page = await fetch(authUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Simulated X');
  });
});
