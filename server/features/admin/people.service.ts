import type { Kysely } from 'kysely';
import { type PersonMatch, type PersonRecord, peopleMatchLimit, personClaimsShown } from '@shared/schemas/admin-people';
import { normalizeWallet } from '@shared/wallet';
import type { Database } from '../../platform/db/schema.js';
import { listSessionHistory } from '../auth/index.js';
import { countUserClaims, listUserClaims } from '../claims/index.js';
import { listOwnDisputes } from '../disputes/index.js';
import { findUserByWallet, findUsersByWalletPrefix } from '../users/index.js';
import { findTwitterAccountByUser, findUsersByHandlePrefix, handlesOfUsers, listXBindings, toTwitterAccountView } from '../x-auth/index.js';

const sessionsShown = 50;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | null) => (ms === null ? null : iso(ms));

/** X handles are letters, digits and underscores: a query of only those (after an @) may be one. */
const handlePattern = /^@?([A-Za-z0-9_]{1,15})$/;

/**
 * Members found by a wallet address (exact or its beginning) or by an X handle (any case, with or
 * without @), at most `peopleMatchLimit`, in wallet order.
 */
export async function searchPeople(db: Kysely<Database>, query: string): Promise<PersonMatch[]> {
  const text = query.trim();
  if (!text) return [];
  const handle = handlePattern.exec(text)?.[1] ?? null;
  const byHandle = handle === null ? [] : await findUsersByHandlePrefix(db, handle);
  const rows = await findUsersByWalletPrefix(db, { wallet: normalizeWallet(text.replace(/^@/, '')), orIds: byHandle }, peopleMatchLimit);
  const handles = await handlesOfUsers(db, rows.map((row) => Number(row.id)));
  return rows.map((row) => ({
    walletAddress: row.wallet_address,
    xHandle: handles.get(Number(row.id)) ?? null,
    points: Number(row.total_points),
    blocked: row.blocked_at !== null,
  }));
}

/** One member's record as the console shows it, or null for an unknown wallet. No token, hash or secret. */
export async function personRecord(db: Kysely<Database>, wallet: string, now: number): Promise<PersonRecord | null> {
  const user = await findUserByWallet(db, normalizeWallet(wallet));
  if (!user) return null;
  const [claims, claimCount, account, bindings, disputes, sessions] = await Promise.all([
    listUserClaims(db, user.id, { limit: personClaimsShown, offset: 0 }),
    countUserClaims(db, user.id),
    findTwitterAccountByUser(db, user.id),
    listXBindings(db, user.id),
    listOwnDisputes(db, user),
    listSessionHistory(db, user.id, sessionsShown),
  ]);
  return {
    walletAddress: user.wallet_address,
    joinedAt: iso(user.created_at),
    lastLoginAt: iso(user.last_login_at),
    blocked: user.blocked_at !== null,
    blockedAt: isoOrNull(user.blocked_at),
    blockedReason: user.blocked_at === null ? null : user.blocked_reason,
    points: Number(user.total_points),
    xAccount: account ? toTwitterAccountView(account) : null,
    claims: claims.map((row) => ({
      id: Number(row.id),
      kind: row.meme_id === null ? ('tweet' as const) : ('meme' as const),
      postUrl: row.tweet_url,
      points: Number(row.points),
      createdAt: iso(row.created_at),
    })),
    claimCount,
    xLinks: bindings.map((row) => ({
      xUserId: row.x_user_id,
      handle: row.handle,
      boundAt: iso(row.created_at),
      current: row.handle !== null,
    })),
    disputes,
    sessions: sessions.map((row) => {
      const proven = Number(row.proven) === 1;
      return {
        createdAt: iso(row.created_at),
        lastSeenAt: isoOrNull(row.last_seen_at),
        expiresAt: iso(row.expires_at),
        proven,
        walletName: row.wallet_name,
        ended: Number(row.expires_at) <= now || (!proven && user.wallet_protected_at !== null),
      };
    }),
  };
}
