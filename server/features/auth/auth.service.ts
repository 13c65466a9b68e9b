import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionProof } from '@shared/schemas/auth';
import { invalidWalletMessage, isValidJoinAddress, normalizeWallet } from '@shared/wallet';
import type { Database, User } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { findUserById, insertUserIfAbsent, touchLogin } from '../users/index.js';
import { deleteSession, findUnexpiredSession, insertSession, touchSession } from './sessions.repository.js';
import { hashSessionId } from '../../platform/lib/session-hash.js';

export const sessionTtlMs = 30 * 24 * 60 * 60 * 1000;

export const blockedMessage =
  'Gaming the system has been detected. You are disqualified and all points lost.';

const referralPattern = /^[A-Za-z0-9_-]{1,64}$/;


/** A malformed referral code is ignored rather than failing the login that carries it. */
function cleanReferral(code: string | null | undefined): string | null {
  const trimmed = code?.trim();
  return trimmed && referralPattern.test(trimmed) ? trimmed : null;
}

export const walletProtectedMessage = 'This wallet is protected. Sign in with your wallet to continue.';

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
  if (user.wallet_protected_at !== null) throw new AppError(403, 'WALLET_PROTECTED', walletProtectedMessage);
  await touchLogin(db, user.id, now);

  const sessionId = await openSession(db, user.id, { proven: false, walletName: null }, now);
  return { user: { ...user, last_login_at: now }, sessionId };
}

/** Stores a new session (only its hash) and returns the id for the cookie. */
export async function openSession(
  db: Kysely<Database>,
  userId: number,
  proof: SessionProof,
  now: number,
): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  await insertSession(db, {
    idHash: hashSessionId(sessionId),
    userId,
    createdAt: now,
    expiresAt: now + sessionTtlMs,
    proof,
  });
  return sessionId;
}

/** Last-seen is written at most this often, so an active session does not write on every request. */
export const lastSeenResolutionMs = 5 * 60 * 1000;

export async function userForSession(db: Kysely<Database>, sessionId: string, now = Date.now()) {
  const idHash = hashSessionId(sessionId);
  const found = await findUnexpiredSession(db, idHash, now);
  const user = found && (await findUserById(db, found.userId));
  if (!found || !user) return undefined;
  // An address-only session of a protected wallet is dead even if it was opened in the moment of protection.
  if (!found.proof.proven && user.wallet_protected_at !== null) return undefined;
  if (found.lastSeenAt === null || now - found.lastSeenAt >= lastSeenResolutionMs) await touchSession(db, idHash, now);
  return { user, proof: found.proof };
}

export async function logout(db: Kysely<Database>, sessionId: string): Promise<void> {
  await deleteSession(db, hashSessionId(sessionId));
}
