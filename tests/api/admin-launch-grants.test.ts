import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import { launchStateTtlMs } from '../../server/features/launch/launch.service.js';
import { grant } from '../helpers/admin-callers.js';
import { createTestWallet, type TestWallet } from '../helpers/bitcoin-signer.js';
import { buildSecondApp, useTestApp } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { signInWithWallet } from '../helpers/wallet-sign-in.js';
import { mainnetWallets } from '../helpers/wallets.js';

const ctx = useTestApp({}, { clock: () => Date.now() });
let admin: TestWallet;
let cookie: string;

beforeEach(async () => {
  await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '1500' }]);
  admin = createTestWallet('p2tr');
  await grant(ctx, admin.address, 'admin');
  cookie = (await signInWithWallet(ctx.app, admin)).cookie;
});

/** A second app on the same database, as another server process. */
async function secondApp(): Promise<App> {
  return (await buildSecondApp(ctx, { now: () => ctx.clock })).app;
}

const post = (url: string, payload: object, as = cookie) => ctx.app.inject({ method: 'POST', url, headers: { cookie: as }, payload });
const launch = (payload: object) => post('/api/admin/launch', payload);
const lookup = (app: App) => app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: mainnetWallets.taproot } });
/** Each process re-reads the launch state once its copy is older than launchStateTtlMs. */
const later = () => {
  ctx.clock += launchStateTtlMs + 1;
};

async function auditEntries(action: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit?action=${action}`, headers: { cookie } });
  return response.json().entries as Array<{ actor: string; actorRole: string; reason: string | null; before: string; after: string }>;
}

describe('POST /api/admin/launch', () => {
  it('pauses with a reason and resumes every process, each change on the audit log with the state before and after', async () => {
    const b = await secondApp();
    expect((await lookup(b)).statusCode).toBe(200);

    const paused = await launch({ command: 'pause', reason: 'Checking a report about the list.' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ launch: { pause: { reason: 'Checking a report about the list.' } }, followsWithinSeconds: 5 });
    later();
    for (const app of [ctx.app, b]) {
      const refused = await lookup(app);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: 'LOOKUPS_PAUSED', reason: 'Checking a report about the list.' });
      expect((await app.inject({ method: 'GET', url: '/api/config' })).json().pause).toEqual({ reason: 'Checking a report about the list.' });
    }
    const [entry] = await auditEntries('launch.pause');
    expect(entry).toMatchObject({ actor: admin.address, actorRole: 'admin', reason: 'Checking a report about the list.' });
    expect(JSON.parse(entry!.before).pause).toBeNull();
    expect(JSON.parse(entry!.after).pause).toMatchObject({ reason: 'Checking a report about the list.' });

    expect((await launch({ command: 'resume' })).statusCode).toBe(200);
    later();
    expect((await lookup(b)).statusCode).toBe(200);
    const [resumed] = await auditEntries('launch.resume');
    expect(JSON.parse(resumed!.before).pause).toMatchObject({ reason: 'Checking a report about the list.' });
    expect(JSON.parse(resumed!.after).pause).toBeNull();
  });

  it('refuses a pause without a reason and a reveal time it cannot read, and changes nothing', async () => {
    for (const payload of [{ command: 'pause' }, { command: 'pause', reason: '' }, { command: 'pause', reason: '   ' }, { command: 'reveal-at', at: 'tomorrow' }, { command: 'explode' }]) {
      const response = await launch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await ctx.handle.db.selectFrom('audit_log').select('id').where('action', 'like', 'launch.%').execute()).toEqual([]);
  });

  it('hides the list until a time, reveals it now, and sets and clears the notice', async () => {
    const at = new Date(ctx.clock + 3_600_000).toISOString();
    const hidden = await launch({ command: 'reveal-at', at });
    expect(hidden.json().launch.allocation).toMatchObject({ revealed: false, revealsAt: at });
    later();
    const refused = await lookup(ctx.app);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'NOT_YET_REVEALED', revealsAt: at });

    expect((await launch({ command: 'reveal-now' })).json().launch.allocation.revealed).toBe(true);
    later();
    expect((await lookup(ctx.app)).statusCode).toBe(200);
    const [revealed] = await auditEntries('launch.reveal-now');
    expect(JSON.parse(revealed!.before).revealSchedule).toEqual({ kind: 'time', at });
    expect(JSON.parse(revealed!.after).revealSchedule).toEqual({ kind: 'now' });

    const notice = { en: 'Claims open at 15:00 UTC.', zh: '领取于 UTC 15:00 开放。' };
    expect((await launch({ command: 'notice', ...notice })).json().launch.notice).toEqual(notice);
    later();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().notice).toEqual(notice);
    expect((await launch({ command: 'notice-clear' })).json().launch.notice).toBeNull();
    const entries = await auditEntries('launch.notice');
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[0]!.before).notice).toEqual(notice);
    expect(JSON.parse(entries[0]!.after).notice).toBeNull();
  });
});

describe('/api/admin/grants', () => {
  it('lists, grants and revokes roles, each on the audit log with its reason', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/grants', headers: { cookie } });
    expect(list.json().grants).toEqual([{ walletAddress: admin.address, role: 'admin', grantedAt: expect.any(String), grantedBy: 'cli:test-operator' }]);

    const reviewer = createTestWallet('p2wpkh');
    const granted = await post('/api/admin/grants', { wallet: reviewer.address.toUpperCase(), role: 'reviewer', reason: 'answers disputes' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ walletAddress: reviewer.address, role: 'reviewer' });
    const [grantEntry] = await auditEntries('admin.grant');
    expect(grantEntry).toMatchObject({ actor: admin.address, actorRole: 'admin', reason: 'answers disputes', before: null });
    expect(JSON.parse(grantEntry!.after)).toEqual({ role: 'reviewer' });

    const reviewerCookie = (await signInWithWallet(ctx.app, reviewer)).cookie;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: reviewerCookie } })).json().role).toBe('reviewer');
    const grants = (await ctx.app.inject({ method: 'GET', url: '/api/admin/grants', headers: { cookie } })).json().grants;
    expect(grants.map((row: { walletAddress: string; grantedBy: string }) => [row.walletAddress, row.grantedBy])).toEqual(
      expect.arrayContaining([
      [admin.address, 'cli:test-operator'],
        [reviewer.address, admin.address],
      ]),
    );
    expect(grants).toHaveLength(2);

    const revoked = await post(`/api/admin/grants/${reviewer.address}/revoke`, { reason: 'left the team' });
    expect(revoked.json()).toEqual({ walletAddress: reviewer.address, role: null });
    const [revokeEntry] = await auditEntries('admin.revoke');
    expect(revokeEntry).toMatchObject({ actor: admin.address, reason: 'left the team', after: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: reviewerCookie } })).statusCode).toBe(403);
  });

  it('refuses taking the admin role from your own wallet (409), a malformed wallet (400) and a wallet without a role (404)', async () => {
    const own = await post(`/api/admin/grants/${admin.address}/revoke`, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('CONFLICT');
    expect((await post('/api/admin/grants', { wallet: admin.address, role: 'reviewer' })).statusCode).toBe(409);
    expect((await post('/api/admin/grants', { wallet: 'not-a-wallet', role: 'reviewer' })).json()).toMatchObject({ error: 'INVALID_WALLET' });
    expect((await post('/api/admin/grants', { wallet: 'not-a-wallet', role: 'reviewer' })).statusCode).toBe(400);
    expect((await post('/api/admin/grants/not-a-wallet/revoke', {})).statusCode).toBe(400);
    expect((await post('/api/admin/grants', { wallet: mainnetWallets.legacy, role: 'owner' })).statusCode).toBe(400);
    expect((await post(`/api/admin/grants/${mainnetWallets.legacy}/revoke`, {})).statusCode).toBe(404);
    const roles = await ctx.handle.db.selectFrom('admin_roles').select(['wallet_address', 'role']).execute();
    expect(roles).toEqual([{ wallet_address: admin.address, role: 'admin' }]);
  });
});
