import { beforeAll, describe, expect, it } from 'vitest';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import { signedInAs } from '../helpers/admin-callers.js';
import { useSharedApp } from '../helpers/build-app.js';
import { fixture } from '../helpers/run-cli.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

/**
 * An answer that carries one person's or the operator's data (anything read from the session) says
 * `Cache-Control: no-store`, so no browser or shared cache keeps it; the public answers keep theirs.
 */

const ctx = useSharedApp();
let admin: { cookie: string; wallet: string };
let member: { cookie: string; userId: number; wallet: string };
beforeAll(async () => {
  const imported = await importAllocationsFile(ctx.handle.db, fixture('allocations-good.csv'), { source: 'tge' });
  expect(imported.ok).toBe(true);
  admin = await signedInAs(ctx, 'admin');
  member = { ...(await loginCookie(ctx.app, mainnetWallets.segwitKey)), wallet: mainnetWallets.segwitKey };
});

type Method = 'GET' | 'POST' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  cookie?: string;
  payload?: object;
}

function send({ method, url, cookie, payload }: Call) {
  return ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

/** The document's operations under a prefix, as "METHOD /path/{param}". */
async function operationsUnder(prefix: string): Promise<Array<{ method: Method; path: string }>> {
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  return Object.entries(document.paths)
    .filter(([route]) => route.startsWith(prefix))
    .flatMap(([route, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, path: route })));
}

/** The reads of /api/admin that need a query string. */
const requiredQueries: Record<string, string> = { '/api/admin/people': `?q=${mainnetWallets.segwitKey.slice(0, 8)}` };

describe('Cache-Control: no-store', () => {
  it('is on every answer of /api/admin: each read (the audit CSV included) as the operator, each change refused for its empty body', async () => {
    const operations = await operationsUnder('/api/admin/');
    expect(operations.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/me', 'GET /api/admin/audit.csv', 'GET /api/admin/people/{wallet}', 'POST /api/admin/imports/preview']),
    );
    for (const { method, path: route } of operations) {
      const url = route.replace('{wallet}', member.wallet).replace(/\{\w+\}/g, '1') + (requiredQueries[route] ?? '');
      // A change is sent with an empty JSON body: the gate has read the session, nothing changes.
      const response =
        method === 'GET'
          ? await send({ method, url, cookie: admin.cookie })
          : await ctx.app.inject({ method, url, headers: { cookie: admin.cookie, 'content-type': 'application/json' }, payload: '' });
      const label = `${method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (method === 'GET') expect(response.statusCode, label).toBe(200);
      else expect(response.statusCode, label).toBe(400);
      expect(response.headers['cache-control'], label).toBe('no-store');
    }
  });

  it('is on the refusal of /api/admin to a caller without a session', async () => {
    const response = await send({ method: 'GET', url: '/api/admin/me' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  const memberCalls = (): Array<Call & { status: number }> => [
    { method: 'GET', url: `/api/user/${member.wallet}`, status: 200 },
    { method: 'GET', url: '/api/auth/sessions', status: 200 },
    { method: 'GET', url: '/api/tokens/my-allocation', status: 404 },
    { method: 'GET', url: '/api/allocation/disputes/mine', status: 200 },
    { method: 'GET', url: `/api/tweets/cooldown?userId=${member.userId}`, status: 200 },
    { method: 'GET', url: `/api/tweets/user?wallet=${member.wallet}`, status: 200 },
    { method: 'GET', url: `/api/memes/user/${member.userId}`, status: 200 },
    { method: 'GET', url: `/api/user/${member.userId}/twitter`, status: 403 },
    { method: 'GET', url: '/api/mining/leaderboard', status: 200 },
    { method: 'POST', url: '/api/auth/login', payload: { walletAddress: member.wallet }, status: 200 },
  ];

  it("is on each answer read from a member's session", async () => {
    for (const call of memberCalls()) {
      const response = await send({ ...call, cookie: member.cookie });
      const label = `${call.method} ${call.url}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, label).toBe(call.status);
      expect(response.headers['cache-control'], label).toBe('no-store');
    }
  });

  it('is on the 401 of a personal route called without a session, and on signing out', async () => {
    const anonymous = await send({ method: 'GET', url: '/api/tokens/my-allocation' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.p2sh);
    const logout = await send({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(logout.statusCode).toBe(200);
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('is not on the public answers, even to a signed-in caller: lookup, proof, root, stats and config keep their own', async () => {
    const publicCalls: Array<Call & { cacheControl: string | undefined }> = [
      { method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: member.wallet }, cacheControl: undefined },
      { method: 'GET', url: `/api/allocation/proof?wallet=${member.wallet}`, cacheControl: undefined },
      { method: 'GET', url: '/api/allocation/root', cacheControl: undefined },
      { method: 'GET', url: '/api/tokens/stats', cacheControl: undefined },
      { method: 'GET', url: '/api/config', cacheControl: 'public, max-age=5' },
    ];
    for (const { cacheControl, ...call } of publicCalls) {
      const response = await send({ ...call, cookie: member.cookie });
      const label = `${call.method} ${call.url}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, label).toBe(200);
      expect(response.headers['cache-control'], label).toBe(cacheControl);
    }
  });
});
