import type { Kysely } from 'kysely';
import { normalizeWallet } from '@shared/wallet';
import type { Database, User } from '../../db/schema.js';
import { type AuditActor, appendAudit } from '../audit/audit.service.js';
import { deleteUserSessions } from '../auth/sessions.service.js';
import { findUserByWallet, setBlocked } from '../users/users.service.js';

export type BlockResult =
  | { ok: true; walletAddress: string; blocked: boolean; sessionsEnded: boolean }
  | { ok: false; problem: string };

const blockView = (user: Pick<User, 'blocked_at' | 'blocked_reason'>) => ({
  blocked: user.blocked_at !== null,
  reason: user.blocked_reason,
});

/**
 * Blocks (ending every session at once) or unblocks the user of a wallet, with its audit entry in the
 * same transaction.
 */
export async function setWalletBlocked(
  db: Kysely<Database>,
  input: { wallet: string; blocked: boolean; reason: string | null; by: AuditActor },
  now = Date.now(),
): Promise<BlockResult> {
  const walletAddress = normalizeWallet(input.wallet);
  const user = await findUserByWallet(db, walletAddress);
  if (!user) return { ok: false, problem: `no user with wallet ${walletAddress}` };
  await db.transaction().execute(async (trx) => {
    const block = input.blocked ? { at: now, reason: input.reason } : null;
    await setBlocked(trx, user.id, block);
    if (input.blocked) await deleteUserSessions(trx, user.id);
    await appendAudit(
      trx,
      input.by,
      {
        action: input.blocked ? 'user.block' : 'user.unblock',
        target: walletAddress,
        reason: input.reason,
        before: blockView(user),
        after: blockView({ blocked_at: block?.at ?? null, blocked_reason: block?.reason ?? null }),
      },
      now,
    );
  });
  return { ok: true, walletAddress, blocked: input.blocked, sessionsEnded: input.blocked };
}
