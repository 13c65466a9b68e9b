import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { invalidWalletMessage, isValidJoinAddress, normalizeWallet } from '../../../shared/wallet.js';
import type { Database, User } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import { insertUserIfAbsent, touchLogin } from '../users/users.repository.js';
import { deleteSession, findSessionUser, insertSession } from './sessions.repository.js';

export const sessionTtlMs = 30 * 24 * 60 * 60 * 1000;

export const blockedMessage =
  'Gaming the system has been detected. You are disqualified and all points lost.';

const referralPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** A malformed referral code is ignored rather than failing the login that carries it. */
function cleanReferral(code: string | null | undefined): string | null {
  const trimmed = code?.trim();
  return trimmed && referralPattern.test(trimmed) ? trimmed : null;
}

export function assertNotBlocked(user: User): void {
  if (user.blocked_at !== null) throw new AppError(403, 'ACCOUNT_BLOCKED', blockedMessage);
}

/**
 * Creates the user on first login (recording the referral code once), refuses blocked users and
 * opens a fresh session, so a session id never outlives the login that made it.
 */
export async function login(
  db: Kysely<Database>,
  input: { walletAddress: string; referralCode?: string | null | undefined },
  now = Date.now(),
): Promise<{ user: User; sessionId: string }> {
  const walletAddress = normalizeWallet(input.walletAddress);
  if (!isValidJoinAddress(walletAddress)) throw badRequest('INVALID_WALLET', invalidWalletMessage);

  const user = await insertUserIfAbsent(db, {
    walletAddress,
    referralCode: cleanReferral(input.referralCode),
    now,
  });
  assertNotBlocked(user);
  await touchLogin(db, user.id, now);

  const sessionId = randomBytes(32).toString('base64url');
  await insertSession(db, {
    idHash: hashSessionId(sessionId),
    userId: user.id,
    createdAt: now,
    expiresAt: now + sessionTtlMs,
  });
  return { user: { ...user, last_login_at: now }, sessionId };
}

export async function userForSession(db: Kysely<Database>, sessionId: string, now = Date.now()) {
  return findSessionUser(db, hashSessionId(sessionId), now);
}

export async function logout(db: Kysely<Database>, sessionId: string): Promise<void> {
  await deleteSession(db, hashSessionId(sessionId));
}
