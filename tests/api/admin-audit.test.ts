import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import * as adminRepository from '../../server/features/admin/admin-roles.repository.js';
import * as auditRepository from '../../server/features/audit/audit.repository.js';
import * as auditService from '../../server/features/audit/audit.service.js';
import { signedInAs } from '../helpers/admin-callers.js';
import { useTestApp } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const ctx = useTestApp({}, { clock: Date.parse('2026-12-01T10:00:00Z') });

const signedIn = (role: 'admin' | 'reviewer') => signedInAs(ctx, role);

const entries = () => ctx.handle.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

describe('the audit log of /api/admin', () => {
  it("records a reviewer's answer and an admin's block with actor, role, reason, before and after", async () => {
    const reviewer = await signedIn('reviewer');
    const admin = await signedIn('admin');
    const holder = await loginCookie(ctx.app, mainnetWallets.taproot);
    const filed = await ctx.app.inject({
      method: 'POST',
      url: '/api/allocation/disputes',
      headers: { cookie: holder.cookie },
      payload: { message: 'Where are my tokens?' },
    });
    const id = filed.json().dispute.id;

    const answered = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${id}/answer`,
      headers: { cookie: reviewer.cookie },
      payload: { message: 'Under Staking Season 1.', reason: 'checked the snapshot' },
    });
    expect(answered.statusCode).toBe(200);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/allocation/disputes/mine', headers: { cookie: holder.cookie } });
    expect(mine.json().disputes[0]).toMatchObject({ status: 'answered', answer: 'Under Staking Season 1.' });

    ctx.clock += 1000;
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${mainnetWallets.taproot}/block`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'bot farm' },
    });
    expect(blocked.json()).toEqual({ walletAddress: mainnetWallets.taproot, blocked: true });
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/allocation/disputes/mine', headers: { cookie: holder.cookie } });
    expect(refused.statusCode).toBe(401);

    const [answer, block] = (await entries()).slice(-2);
    expect(answer).toMatchObject({ actor: reviewer.wallet, actor_role: 'reviewer', action: 'dispute.answer', target: `dispute:${id}`, reason: 'checked the snapshot' });
    expect(JSON.parse(answer!.before!)).toEqual({ status: 'open', answer: null });
    expect(JSON.parse(answer!.after!)).toEqual({ status: 'answered', answer: 'Under Staking Season 1.' });
    expect(block).toMatchObject({ actor: admin.wallet, actor_role: 'admin', action: 'user.block', target: mainnetWallets.taproot, reason: 'bot farm' });
    expect(JSON.parse(block!.before!)).toEqual({ blocked: false, reason: null });
    expect(JSON.parse(block!.after!)).toEqual({ blocked: true, reason: 'bot farm' });
    expect(Number(block!.at)).toBe(ctx.clock);
  }, 60_000);

  it('keeps an entry when its user is deleted', async () => {
    const admin = await signedIn('admin');
    await loginCookie(ctx.app, mainnetWallets.legacy);
    const headers = { cookie: admin.cookie };
    await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${mainnetWallets.legacy}/block`, headers, payload: { reason: 'spam' } });
    const before = await entries();
    await ctx.handle.db.deleteFrom('users').where('wallet_address', '=', mainnetWallets.legacy).execute();
    expect(await entries()).toEqual(before);
  }, 60_000);

  it('refuses a block without a reason and an unknown member, writing nothing', async () => {
    const admin = await signedIn('admin');
    const headers = { cookie: admin.cookie };
    const count = (await entries()).length;
    const noReason = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${mainnetWallets.p2sh}/block`, headers, payload: {} });
    expect(noReason.statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${mainnetWallets.p2sh}/block`, headers, payload: { reason: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect((await entries()).length).toBe(count);
  }, 60_000);

  it("refuses an admin's block of their own wallet with 409 ADMIN_OWN_WALLET: the last admin cannot lock themselves out", async () => {
    const admin = await signedIn('admin');
    const count = (await entries()).length;
    for (const wallet of [admin.wallet, admin.wallet.toUpperCase()]) {
      const own = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${wallet}/block`, headers: { cookie: admin.cookie }, payload: { reason: 'oops' } });
      expect(own.statusCode, wallet).toBe(409);
      expect(own.json()).toMatchObject({ error: 'ADMIN_OWN_WALLET', message: 'You cannot block your own wallet: another admin can.' });
    }
    expect((await entries()).length).toBe(count);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: admin.cookie } });
    expect(me.json()).toEqual({ walletAddress: admin.wallet, role: 'admin' });
  }, 60_000);

  it.each([
    { role: 'reviewer', who: 'a reviewer' },
    { role: 'admin', who: 'another admin' },
  ] as const)('blocking $who also revokes the role, logged as user.block and admin.revoke', async ({ role }) => {
    const admin = await signedIn('admin');
    const operator = await signedIn(role);
    ctx.clock += 1000;
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${operator.wallet}/block`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'account taken over' },
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ walletAddress: operator.wallet, blocked: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: operator.cookie } })).statusCode).toBe(401);

    const [block, revoke] = (await entries()).slice(-2);
    expect(block).toMatchObject({ actor: admin.wallet, actor_role: 'admin', action: 'user.block', target: operator.wallet, reason: 'account taken over' });
    expect(revoke).toMatchObject({ actor: admin.wallet, actor_role: 'admin', action: 'admin.revoke', target: operator.wallet, reason: 'account taken over' });
    expect(JSON.parse(revoke!.before!)).toEqual({ role });
    expect(revoke!.after).toBeNull();
    expect(Number(revoke!.at)).toBe(ctx.clock);
    const grants = await ctx.app.inject({ method: 'GET', url: '/api/admin/grants', headers: { cookie: admin.cookie } });
    expect(grants.json().grants.map((grant: { walletAddress: string }) => grant.walletAddress)).toEqual([admin.wallet]);

    // Unblocked, the wallet is a member again, not an operator: a role comes back only by a new grant.
    const unblocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${operator.wallet}/unblock`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'recovered' },
    });
    expect(unblocked.statusCode).toBe(200);
    expect((await entries()).at(-1)).toMatchObject({ action: 'user.unblock', target: operator.wallet });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/admin/grants', headers: { cookie: admin.cookie } });
    expect(after.json().grants.map((grant: { walletAddress: string }) => grant.walletAddress)).toEqual([admin.wallet]);
  }, 60_000);

  it('lists entries newest first, filtered by action, actor, target and time, in pages', async () => {
    const admin = await signedIn('admin');
    const headers = { cookie: admin.cookie };
    for (const wallet of [mainnetWallets.taproot, mainnetWallets.legacy, mainnetWallets.p2sh]) {
      await loginCookie(ctx.app, wallet);
      ctx.clock += 60_000;
      await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${wallet}/block`, headers, payload: { reason: 'spam' } });
    }
    const list = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers })).json();

    const blocks = await list('action=user.block');
    expect(blocks.entries.map((entry: { target: string }) => entry.target)).toEqual([mainnetWallets.p2sh, mainnetWallets.legacy, mainnetWallets.taproot]);
    expect(blocks.nextBefore).toBeNull();
    expect((await list(`actor=${admin.wallet}&target=${mainnetWallets.legacy}`)).entries).toHaveLength(1);
    expect((await list('actor=cli:test-operator')).entries.every((entry: { action: string }) => entry.action === 'admin.grant')).toBe(true);
    const from = new Date(ctx.clock - 60_000).toISOString();
    expect((await list(`action=user.block&from=${from}`)).entries).toHaveLength(2);
    expect((await list(`action=user.block&to=${from}`)).entries).toHaveLength(2);

    const first = await list('action=user.block&limit=2');
    expect(first.entries).toHaveLength(2);
    const second = await list(`action=user.block&limit=2&before=${first.nextBefore}`);
    expect(second.entries.map((entry: { target: string }) => entry.target)).toEqual([mainnetWallets.taproot]);
    expect(second.nextBefore).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?from=yesterday', headers })).statusCode).toBe(400);
  }, 60_000);

  it('exports CSV where no value can run as a spreadsheet formula', async () => {
    const admin = await signedIn('admin');
    const headers = { cookie: admin.cookie };
    await loginCookie(ctx.app, mainnetWallets.taproot);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${mainnetWallets.taproot}/block`,
      headers,
      payload: { reason: '=HYPERLINK("http://evil", "click")' },
    });
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit.csv?action=user.block', headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: admin.wallet, actor_role: 'admin', action: 'user.block', reason: '\'=HYPERLINK("http://evil", "click")' });
    for (const value of Object.values(rows[0]!)) expect(value).not.toMatch(/^[=+\-@]/);
  }, 60_000);

  it("lists members' claims newest first, by kind, in pages", async () => {
    const reviewer = await signedIn('reviewer');
    const { userId } = await loginCookie(ctx.app, mainnetWallets.taproot);
    for (const [index, memeId] of [null, null, 7].entries()) {
      await ctx.handle.db
        .insertInto('tweet_claims')
        .values({ user_id: userId, tweet_id: String(index + 1), tweet_url: `https://x.com/a/status/${index + 1}`, tweet_text: 't', is_custom: 0, points: 10, created_at: index, meme_id: memeId })
        .execute();
    }
    const list = async (query: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/admin/claims?${query}`, headers: { cookie: reviewer.cookie } })).json();
    const all = await list('');
    expect(all.claims.map((claim: { postUrl: string; kind: string }) => [claim.postUrl.slice(-1), claim.kind])).toEqual([
      ['3', 'meme'],
      ['2', 'tweet'],
      ['1', 'tweet'],
    ]);
    expect(all.claims[0]).toMatchObject({ walletAddress: mainnetWallets.taproot, points: 10 });
    const tweets = await list('kind=tweet&limit=1');
    expect(tweets.claims).toHaveLength(1);
    expect((await list(`kind=tweet&before=${tweets.nextBefore}`)).claims.map((claim: { postUrl: string }) => claim.postUrl.slice(-1))).toEqual(['1']);
  }, 60_000);

  it('has no way to change or delete an entry: only GET exists, and no module exports a writer besides append', async () => {
    const admin = await signedIn('admin');
    const count = (await entries()).length;
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv', '/api/admin/audit/1']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const response = await ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    expect((await entries()).length).toBe(count);
    const writers = [...Object.keys(auditService), ...Object.keys(auditRepository), ...Object.keys(adminRepository)].filter((name) =>
      /audit/i.test(name) && /update|delete|remove|edit|clear|set/i.test(name),
    );
    expect(writers).toEqual([]);
  }, 60_000);
});
