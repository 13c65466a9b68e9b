import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/build-app.js';
import { runCli } from '../helpers/run-cli.js';
import { mainnetWallets } from '../helpers/wallets.js';

const ctx = useTestApp();

const admin = (args: string[]) => runCli('admin', args, ctx.config);
const auditRows = () => ctx.handle.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

describe('npm run admin', () => {
  it('grants, lists and revokes a role, each change on the audit log as cli:<system user>', async () => {
    const granted = await admin(['grant', mainnetWallets.taproot.toUpperCase(), '--role', 'reviewer']);
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`granted reviewer to ${mainnetWallets.taproot}`);
    expect((await admin(['grant', mainnetWallets.taproot, '--role', 'admin'])).code).toBe(0);

    const list = await admin(['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`admin\\s+${mainnetWallets.taproot}`));
    expect(list.stdout).toContain('1 role');

    const revoked = await admin(['revoke', mainnetWallets.taproot]);
    expect(revoked.code).toBe(0);
    expect((await admin(['list'])).stdout).toContain('0 roles');

    const entries = await auditRows();
    expect(entries.map((entry) => [entry.action, entry.target, entry.before, entry.after])).toEqual([
      ['admin.grant', mainnetWallets.taproot, null, '{"role":"reviewer"}'],
      ['admin.grant', mainnetWallets.taproot, '{"role":"reviewer"}', '{"role":"admin"}'],
      ['admin.revoke', mainnetWallets.taproot, '{"role":"admin"}', null],
    ]);
    for (const entry of entries) {
      expect(entry.actor).toMatch(/^cli:.+/);
      expect(entry.actor_role).toBeNull();
    }
  }, 90_000);

  it('refuses a bad role or wallet with exit 1 and changes nothing', async () => {
    const badRole = await admin(['grant', mainnetWallets.taproot, '--role', 'owner']);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('--role must be admin or reviewer');
    const badWallet = await admin(['grant', 'not-a-wallet', '--role', 'admin']);
    expect(badWallet.code).toBe(1);
    expect(badWallet.stderr).toContain('valid Bitcoin wallet address');
    const nothingToRevoke = await admin(['revoke', mainnetWallets.legacy]);
    expect(nothingToRevoke.code).toBe(1);
    expect(nothingToRevoke.stderr).toContain('has no role');
    expect(await auditRows()).toEqual([]);
    expect(await ctx.handle.db.selectFrom('admin_roles').selectAll().execute()).toEqual([]);
  }, 60_000);

  it('prints its help, and the usage for missing arguments (exit 2)', async () => {
    const help = await admin(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('npm run admin -- grant WALLET --role admin|reviewer');
    expect((await admin([])).code).toBe(2);
    expect((await admin(['grant', mainnetWallets.taproot])).code).toBe(2);
  }, 60_000);
});
