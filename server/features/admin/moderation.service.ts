import type { Kysely } from 'kysely';
import type { AdminRole } from '@shared/schemas/admin';
import { normalizeWallet } from '@shared/wallet';
import type { Database, User } from '../../platform/db/schema.js';
import { conflict } from '../../platform/errors.js';
import { revokeRole, roleOf } from './admin.service.js';
import { type AuditActor, recordChange } from '../audit/index.js';
import { deleteUserSessions } from '../auth/index.js';
import { findUserByWallet, setBlocked } from '../users/index.js';

export type BlockResult =
  | { ok: true; walletAddress: string; blocked: boolean; sessionsEnded: boolean; revokedRole: AdminRole | null }
  | { ok: false; problem: string };

const blockView = (user: Pick<User, 'blocked_at' | 'blocked_reason'>) => ({
  blocked: user.blocked_at !== null,
  reason: user.blocked_reason,
});

/**
 * Blocks (ending every session at once) or unblocks the user of a wallet, with its audit entry in the
 * same transaction. A block also revokes an operator role the wallet holds (its own `admin.revoke`
 * entry, same transaction): a blocked wallet is no operator, and an unblock gives no role back. An
 * admin may not block their own wallet (409): the last admin would lock everyone out.
 */
export async function setWalletBlocked(
  db: Kysely<Database>,
  input: { wallet: string; blocked: boolean; reason: string | null; by: AuditActor },
  now = Date.now(),
): Promise<BlockResult> {
  const walletAddress = normalizeWallet(input.wallet);
  // A console actor is the caller's wallet (a command's is `cli:<user>`).
  if (input.blocked && input.by.actor === walletAddress) {
    throw conflict('ADMIN_OWN_WALLET', 'You cannot block your own wallet: another admin can.');
  }
  const user = await findUserByWallet(db, walletAddress);
  if (!user) return { ok: false, problem: `no user with wallet ${walletAddress}` };
  const entry = { action: input.blocked ? 'user.block' : 'user.unblock', target: walletAddress, reason: input.reason };
  // One transaction for the block and the role it revokes, each change with its own entry.
  return db.transaction().execute(async (trx): Promise<BlockResult> => {
    await recordChange(
      trx,
      input.by,
      entry,
      async () => {
        const block = input.blocked ? { at: now, reason: input.reason } : null;
        await setBlocked(trx, user.id, block);
        if (input.blocked) await deleteUserSessions(trx, user.id);
        return { result: undefined, before: blockView(user), after: blockView({ blocked_at: block?.at ?? null, blocked_reason: block?.reason ?? null }) };
      },
      now,
    );
    const revokedRole = input.blocked ? await roleOf(trx, walletAddress) : null;
    if (revokedRole) await revokeRole(trx, walletAddress, input.by, now, input.reason);
    return { ok: true, walletAddress, blocked: input.blocked, sessionsEnded: input.blocked, revokedRole };
  });
}
