import { describe, expect, it } from 'vitest';
import { reopenDispute, resolveDispute } from '../../server/features/disputes/disputes.service.js';
import { adminCallers, type CallerKind, callerKinds, grant } from '../helpers/admin-callers.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { useTestApp } from '../helpers/build-app.js';
import { signInWithWallet } from '../helpers/wallet-sign-in.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { multipartBody } from '../helpers/multipart.js';
import { loginCookie } from '../helpers/x-flow.js';

const ctx = useTestApp({}, { clock: () => Date.now() });

const minutes = (n: number) => n * 60 * 1000;

async function fileDispute(wallet: string): Promise<number> {
  const { cookie } = await loginCookie(ctx.app, wallet);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/allocation/disputes', headers: { cookie }, payload: { message: 'Where are my tokens?' } });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().dispute.id;
}

/** The member's one claim of 10 points, standing or revoked as asked (created the first time). */
async function memberClaim(revoked: boolean): Promise<number> {
  const db = ctx.handle.db;
  const user = await db.selectFrom('users').select('id').where('wallet_address', '=', mainnetWallets.segwitKey).executeTakeFirstOrThrow();
  let claim = await db.selectFrom('tweet_claims').select('id').where('user_id', '=', user.id).executeTakeFirst();
  if (!claim) {
    claim = await db
      .insertInto('tweet_claims')
      .values({ user_id: user.id, tweet_id: '4444', tweet_url: 'https://x.com/a/status/4444', tweet_text: 't', is_custom: 0, points: 10, created_at: ctx.clock, meme_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  await db.updateTable('tweet_claims').set({ revoked_at: revoked ? ctx.clock : null }).where('id', '=', claim.id).execute();
  await db.updateTable('users').set({ total_points: revoked ? 0 : 10 }).where('id', '=', user.id).execute();
  return Number(claim.id);
}

interface AdminRoute {
  method: 'GET' | 'POST';
  /** The path as the OpenAPI document names it. */
  path: string;
  role: 'reviewer' | 'admin';
  /** Puts the target in a state the call succeeds from; returns the URL and body. */
  prepare: () => Promise<{ url: string; payload?: object; headers?: Record<string, string> }>;
}

async function adminRoutes(): Promise<AdminRoute[]> {
  const answered = await fileDispute(mainnetWallets.taproot);
  const resolvable = await fileDispute(mainnetWallets.legacy);
  const reopenable = await fileDispute(mainnetWallets.p2sh);
  const member = mainnetWallets.segwitKey;
  await loginCookie(ctx.app, member);
  return [
    { method: 'GET', path: '/api/admin/me', role: 'reviewer', prepare: async () => ({ url: '/api/admin/me' }) },
    { method: 'GET', path: '/api/admin/audit', role: 'admin', prepare: async () => ({ url: '/api/admin/audit?action=admin.grant' }) },
    { method: 'GET', path: '/api/admin/audit.csv', role: 'admin', prepare: async () => ({ url: '/api/admin/audit.csv' }) },
    { method: 'GET', path: '/api/admin/disputes', role: 'reviewer', prepare: async () => ({ url: '/api/admin/disputes?status=open' }) },
    { method: 'GET', path: '/api/admin/claims', role: 'reviewer', prepare: async () => ({ url: '/api/admin/claims?kind=tweet' }) },
    {
      method: 'POST',
      path: '/api/admin/claims/{id}/revoke',
      role: 'reviewer',
      prepare: async () => ({ url: `/api/admin/claims/${await memberClaim(false)}/revoke`, payload: { reason: 'deleted post' } }),
    },
    {
      method: 'POST',
      path: '/api/admin/claims/{id}/restore',
      role: 'reviewer',
      prepare: async () => ({ url: `/api/admin/claims/${await memberClaim(true)}/restore`, payload: { reason: 'post is back' } }),
    },
    {
      method: 'POST',
      path: '/api/admin/disputes/{id}/answer',
      role: 'reviewer',
      prepare: async () => ({ url: `/api/admin/disputes/${answered}/answer`, payload: { message: 'Checked: it is right.' } }),
    },
    {
      method: 'POST',
      path: '/api/admin/disputes/{id}/resolve',
      role: 'reviewer',
      prepare: async () => {
        await reopenDispute(ctx.handle.db, resolvable);
        return { url: `/api/admin/disputes/${resolvable}/resolve`, payload: {} };
      },
    },
    {
      method: 'POST',
      path: '/api/admin/disputes/{id}/reopen',
      role: 'reviewer',
      prepare: async () => {
        await resolveDispute(ctx.handle.db, reopenable);
        return { url: `/api/admin/disputes/${reopenable}/reopen`, payload: { reason: 'the holder wrote again' } };
      },
    },
    {
      method: 'POST',
      path: '/api/admin/users/{wallet}/block',
      role: 'admin',
      prepare: async () => ({ url: `/api/admin/users/${member}/block`, payload: { reason: 'bot farm' } }),
    },
    {
      method: 'POST',
      path: '/api/admin/users/{wallet}/unblock',
      role: 'admin',
      prepare: async () => ({ url: `/api/admin/users/${member}/unblock`, payload: { reason: 'appeal accepted' } }),
    },
    { method: 'GET', path: '/api/admin/people', role: 'admin', prepare: async () => ({ url: `/api/admin/people?q=${member.slice(0, 8)}` }) },
    { method: 'GET', path: '/api/admin/people/{wallet}', role: 'admin', prepare: async () => ({ url: `/api/admin/people/${member}` }) },
    {
      method: 'POST',
      path: '/api/admin/people/{wallet}/points',
      role: 'admin',
      prepare: async () => ({ url: `/api/admin/people/${member}/points`, payload: { delta: 1, reason: 'contest prize' } }),
    },
    { method: 'GET', path: '/api/admin/overview', role: 'reviewer', prepare: async () => ({ url: '/api/admin/overview' }) },
    {
      method: 'POST',
      path: '/api/admin/launch',
      role: 'admin',
      prepare: async () => ({ url: '/api/admin/launch', payload: { command: 'notice', en: 'Claims open soon.', zh: '即将开放领取。' } }),
    },
    { method: 'GET', path: '/api/admin/grants', role: 'admin', prepare: async () => ({ url: '/api/admin/grants' }) },
    { method: 'GET', path: '/api/admin/imports', role: 'admin', prepare: async () => ({ url: '/api/admin/imports' }) },
    { method: 'GET', path: '/api/admin/distribution', role: 'admin', prepare: async () => ({ url: '/api/admin/distribution' }) },
    { method: 'GET', path: '/api/admin/distribution/owed.csv', role: 'admin', prepare: async () => ({ url: '/api/admin/distribution/owed.csv' }) },
    {
      method: 'POST',
      path: '/api/admin/imports/preview',
      role: 'admin',
      prepare: async () => ({
        url: '/api/admin/imports/preview',
        ...multipartBody([{ name: 'file', value: `wallet_address,category,tokens\n${member},Holder Airdrop,1\n`, filename: 'list.csv', type: 'text/csv' }]),
      }),
    },
    {
      method: 'POST',
      path: '/api/admin/grants',
      role: 'admin',
      prepare: async () => ({ url: '/api/admin/grants', payload: { wallet: mainnetWallets.segwitScript, role: 'reviewer' } }),
    },
    {
      method: 'POST',
      path: '/api/admin/grants/{wallet}/revoke',
      role: 'admin',
      prepare: async () => {
        await grant(ctx, mainnetWallets.segwitScript, 'reviewer');
        return { url: `/api/admin/grants/${mainnetWallets.segwitScript}/revoke`, payload: { reason: 'left the team' } };
      },
    },
  ];
}

function expectedStatus(caller: CallerKind, role: AdminRoute['role']): number {
  if (caller === 'anonymous') return 401;
  if (caller === 'admin' || (caller === 'reviewer' && role === 'reviewer')) return 200;
  return 403;
}

describe('who may call /api/admin', () => {
  it('answers exactly 401, 403 or 200 for every admin route and every kind of caller', async () => {
    const routes = await adminRoutes();
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, object> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(documented.sort());

    const callers = await adminCallers(ctx);
    const answered: string[] = [];
    const expected: string[] = [];
    for (const route of routes) {
      for (const caller of callerKinds) {
        const { url, payload, headers } = await route.prepare();
        const { cookie } = callers[caller];
        const response = await ctx.app.inject({
          method: route.method,
          url,
          headers: { ...headers, ...(cookie ? { cookie } : {}) },
          ...(payload ? { payload } : {}),
        });
        answered.push(`${route.method} ${route.path} ${caller}: ${response.statusCode}`);
        expected.push(`${route.method} ${route.path} ${caller}: ${expectedStatus(caller, route.role)}`);
      }
    }
    expect(answered).toEqual(expected);
  }, 120_000);

  it('names why a signed-in caller is refused', async () => {
    const callers = await adminCallers(ctx);
    const error = async (caller: CallerKind, url: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: { cookie: callers[caller].cookie! } })).json().error;
    expect(await error('address-only', '/api/admin/me')).toBe('ADMIN_SIGNATURE_REQUIRED');
    expect(await error('no role', '/api/admin/me')).toBe('ADMIN_ROLE_REQUIRED');
    expect(await error('reviewer', '/api/admin/audit')).toBe('ADMIN_ROLE_REQUIRED');
    expect(await error('revoked admin', '/api/admin/me')).toBe('ADMIN_ROLE_REQUIRED');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: callers.reviewer.cookie! } });
    expect(me.json()).toEqual({ walletAddress: callers.reviewer.wallet, role: 'reviewer' });
  }, 60_000);

  it('refuses a role revoked after sign-in from its next call', async () => {
    const wallet = createTestWallet('p2tr');
    await grant(ctx, wallet.address, 'admin');
    const { cookie } = await signInWithWallet(ctx.app, wallet);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })).statusCode).toBe(200);
    await grant(ctx, wallet.address, 'reviewer');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(200);
  }, 60_000);

  it('needs a new signature after 30 minutes without an admin call; the session itself stays signed in', async () => {
    const wallet = createTestWallet('p2tr');
    await grant(ctx, wallet.address, 'admin');
    const { cookie } = await signInWithWallet(ctx.app, wallet);
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });

    ctx.clock += minutes(29);
    expect((await me()).statusCode).toBe(200);
    ctx.clock += minutes(30);
    expect((await me()).statusCode).toBe(200);
    ctx.clock += minutes(30) + 1;
    const idle = await me();
    expect(idle.statusCode).toBe(403);
    expect(idle.json().error).toBe('ADMIN_SESSION_IDLE');
    expect((await me()).statusCode).toBe(403);
    const own = await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });
    expect(own.statusCode).toBe(200);

    const again = await signInWithWallet(ctx.app, wallet);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: again.cookie } })).statusCode).toBe(200);
  }, 60_000);

  it('counts the idle time from the sign-in before the first admin call', async () => {
    const wallet = createTestWallet('p2tr');
    await grant(ctx, wallet.address, 'reviewer');
    const { cookie } = await signInWithWallet(ctx.app, wallet);
    ctx.clock += minutes(31);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).json().error).toBe('ADMIN_SESSION_IDLE');
  }, 60_000);

  it('refuses every state-changing admin call from a foreign Origin, and changes nothing', async () => {
    const routes = (await adminRoutes()).filter((route) => route.method !== 'GET');
    const { admin } = await adminCallers(ctx);
    for (const route of routes) {
      const { url, payload, headers } = await route.prepare();
      const entries = (await ctx.handle.db.selectFrom('audit_log').select('id').execute()).length;
      const response = await ctx.app.inject({
        method: route.method,
        url,
        headers: { ...headers, cookie: admin.cookie!, origin: 'https://evil.example' },
        payload: payload ?? {},
      });
      expect(response.statusCode, route.path).toBe(403);
      expect(response.json().error, route.path).toBe('BAD_ORIGIN');
      expect((await ctx.handle.db.selectFrom('audit_log').select('id').execute()).length, route.path).toBe(entries);
    }
  }, 60_000);
});
