import type { AdminRole } from '@shared/schemas/admin';
import { grantRole, revokeRole } from '../../server/features/admin/admin.service.js';
import { commandActor } from '../../server/features/audit/audit.service.js';
import { createTestWallet } from './bitcoin-signer.js';
import type { TestContext } from './test-app.js';
import { signInWithWallet } from './wallet-sign-in.js';
import { loginCookie } from './x-flow.js';

export const callerKinds = ['anonymous', 'address-only', 'no role', 'reviewer', 'admin', 'revoked admin'] as const;
export type CallerKind = (typeof callerKinds)[number];

const operator = commandActor('test-operator');

export async function grant(ctx: Pick<TestContext, 'handle'>, wallet: string, role: AdminRole): Promise<void> {
  const result = await grantRole(ctx.handle.db, { wallet, role }, operator);
  if (!result.ok) throw new Error(result.problem);
}

export async function revoke(ctx: Pick<TestContext, 'handle'>, wallet: string): Promise<void> {
  const result = await revokeRole(ctx.handle.db, wallet, operator);
  if (!result.ok) throw new Error(result.problem);
}

/** A new wallet holding `role`, signed in with its proof: the operator of a console test. */
export async function signedInAs(ctx: Pick<TestContext, 'handle' | 'app'>, role: AdminRole): Promise<{ wallet: string; cookie: string }> {
  const wallet = createTestWallet('p2tr');
  await grant(ctx, wallet.address, role);
  return { wallet: wallet.address, cookie: (await signInWithWallet(ctx.app, wallet)).cookie };
}

/**
 * One session (a cookie, or none) for each kind of caller of /api/admin. The address-only caller's
 * wallet holds the admin role, so only how the session was opened refuses it; the revoked admin
 * signed in while it had its role.
 */
export async function adminCallers(ctx: TestContext): Promise<Record<CallerKind, { cookie?: string; wallet?: string }>> {
  const addressOnly = createTestWallet('p2wpkh');
  await grant(ctx, addressOnly.address, 'admin');
  const noRole = createTestWallet('p2tr');
  const reviewer = createTestWallet('p2tr');
  await grant(ctx, reviewer.address, 'reviewer');
  const admin = createTestWallet('p2tr');
  await grant(ctx, admin.address, 'admin');
  const revoked = createTestWallet('p2sh-p2wpkh');
  await grant(ctx, revoked.address, 'admin');
  const revokedSession = await signInWithWallet(ctx.app, revoked);
  await revoke(ctx, revoked.address);
  return {
    anonymous: {},
    'address-only': { cookie: (await loginCookie(ctx.app, addressOnly.address)).cookie, wallet: addressOnly.address },
    'no role': { cookie: (await signInWithWallet(ctx.app, noRole)).cookie, wallet: noRole.address },
    reviewer: { cookie: (await signInWithWallet(ctx.app, reviewer)).cookie, wallet: reviewer.address },
    admin: { cookie: (await signInWithWallet(ctx.app, admin)).cookie, wallet: admin.address },
    'revoked admin': { cookie: revokedSession.cookie, wallet: revoked.address },
  };
}
