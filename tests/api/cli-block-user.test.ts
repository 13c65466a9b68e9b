import { describe, expect, it } from 'vitest';
import { findUserByWallet } from '../../server/features/users/users.repository.js';
import { grant } from '../helpers/admin-callers.js';
import { useTestApp } from '../helpers/build-app.js';
import { runCli } from '../helpers/run-cli.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const ctx = useTestApp();

const blockUser = (args: string[]) => runCli('block-user', args, ctx.config);

describe('npm run block-user', () => {
  it('blocks a wallet: its session ends and its next login is refused with ACCOUNT_BLOCKED', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const run = await blockUser([mainnetWallets.taproot.toUpperCase(), '--reason', 'bot farm']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`blocked ${mainnetWallets.taproot}`);

    const user = await findUserByWallet(ctx.handle.db, mainnetWallets.taproot);
    expect(user?.blocked_reason).toBe('bot farm');
    const me = await ctx.app.inject({ method: 'GET', url: `/api/user/${mainnetWallets.taproot}`, headers: { cookie: session.cookie } });
    expect(me.statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress: mainnetWallets.taproot } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('ACCOUNT_BLOCKED');
  });

  it('unblocks with --unblock', async () => {
    await loginCookie(ctx.app, mainnetWallets.legacy);
    await blockUser([mainnetWallets.legacy]);
    expect((await blockUser([mainnetWallets.legacy, '--unblock'])).code).toBe(0);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress: mainnetWallets.legacy } });
    expect(login.statusCode).toBe(200);
  });

  it('writes each block and unblock to the audit log with the system user, reason, before and after', async () => {
    await loginCookie(ctx.app, mainnetWallets.taproot);
    expect((await blockUser([mainnetWallets.taproot, '--reason', 'bot farm'])).code).toBe(0);
    expect((await blockUser([mainnetWallets.taproot, '--unblock', '--reason', 'appeal accepted'])).code).toBe(0);
    const entries = await ctx.handle.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(entries.map(({ action, target, reason, before, after }) => ({ action, target, reason, before, after }))).toEqual([
      {
        action: 'user.block',
        target: mainnetWallets.taproot,
        reason: 'bot farm',
        before: '{"blocked":false,"reason":null}',
        after: '{"blocked":true,"reason":"bot farm"}',
      },
      {
        action: 'user.unblock',
        target: mainnetWallets.taproot,
        reason: 'appeal accepted',
        before: '{"blocked":true,"reason":"bot farm"}',
        after: '{"blocked":false,"reason":null}',
      },
    ]);
    for (const entry of entries) expect(entry.actor).toMatch(/^cli:.+/);
  }, 60_000);

  it('blocking a wallet that holds a role revokes the role too, logged as user.block and admin.revoke', async () => {
    await loginCookie(ctx.app, mainnetWallets.taproot);
    await grant(ctx, mainnetWallets.taproot, 'reviewer');
    const run = await blockUser([mainnetWallets.taproot, '--reason', 'account taken over']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`blocked ${mainnetWallets.taproot}; its sessions were ended and its reviewer role revoked`);
    expect(await ctx.handle.db.selectFrom('admin_roles').selectAll().execute()).toEqual([]);
    const entries = await ctx.handle.db.selectFrom('audit_log').selectAll().where('action', '!=', 'admin.grant').orderBy('id').execute();
    expect(entries.map(({ action, target, reason, before, after }) => ({ action, target, reason, before, after }))).toEqual([
      { action: 'user.block', target: mainnetWallets.taproot, reason: 'account taken over', before: '{"blocked":false,"reason":null}', after: '{"blocked":true,"reason":"account taken over"}' },
      { action: 'admin.revoke', target: mainnetWallets.taproot, reason: 'account taken over', before: '{"role":"reviewer"}', after: null },
    ]);
    for (const entry of entries) expect(entry.actor).toMatch(/^cli:.+/);
  }, 60_000);

  it('fails with exit 1 for an unknown wallet and exit 2 for bad arguments', async () => {
    expect((await blockUser([mainnetWallets.p2sh])).code).toBe(1);
    expect((await blockUser([])).code).toBe(2);
  });
});
