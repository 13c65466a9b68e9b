import type { Kysely } from 'kysely';
import { normalizeWallet } from '@shared/wallet';
import type { Database } from '../../db/schema.js';
import { deleteUserSessions } from '../auth/sessions.service.js';
import { findUserByWallet, setBlocked } from '../users/users.service.js';

export type BlockResult =
  | { ok: true; walletAddress: string; blocked: boolean; sessionsEnded: boolean }
  | { ok: false; problem: string };

/** Blocks (ending every session at once) or unblocks the user of a wallet. */
export async function setWalletBlocked(
  db: Kysely<Database>,
  input: { wallet: string; blocked: boolean; reason: string | null },
  now = Date.now(),
): Promise<BlockResult> {
  const walletAddress = normalizeWallet(input.wallet);
  const user = await findUserByWallet(db, walletAddress);
  if (!user) return { ok: false, problem: `no user with wallet ${walletAddress}` };
  await db.transaction().execute(async (trx) => {
    await setBlocked(trx, user.id, input.blocked ? { at: now, reason: input.reason } : null);
    if (input.blocked) await deleteUserSessions(trx, user.id);
  });
  return { ok: true, walletAddress, blocked: input.blocked, sessionsEnded: input.blocked };
}
