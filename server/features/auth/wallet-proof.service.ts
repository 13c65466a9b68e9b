import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChallengeResponse } from '@shared/schemas/auth';
import { invalidWalletMessage, isValidJoinAddress, normalizeWallet } from '@shared/wallet';
import type { Database, User } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { insertUserIfAbsent, markWalletProtected, touchLogin } from '../users/index.js';
import { assertNotBlocked, openSession } from './auth.service.js';
import { consumeChallenge, findChallenge, insertChallenge } from './challenges.repository.js';
import { deleteUnprovenSessions } from './sessions.repository.js';
import { buildSignInMessage, readSignInMessage, siteHost } from './sign-in-message.js';
import { invalidSignatureMessage } from './signature-refusal.js';
import { verifyWalletSignature } from './wallet-signature.js';

export const challengeTtlMs = 5 * 60 * 1000;

const messages = {
  wrongOrigin: 'This sign-in message was made for another website. Only sign messages that name this site.',
  mismatch: 'This sign-in message is not the one this site issued for this wallet. Please start again.',
  used: 'This sign-in message was already used. Please sign in again.',
  expired: 'This sign-in message has expired. Please sign in again.',
  malformed: 'The signature could not be read. Paste the whole signature, or try again with another wallet.',
};

function joinAddress(raw: string): string {
  const walletAddress = normalizeWallet(raw);
  if (!isValidJoinAddress(walletAddress)) throw badRequest('INVALID_WALLET', invalidWalletMessage);
  return walletAddress;
}

/** Issues and stores a single-use message for the wallet to sign within five minutes. */
export async function issueChallenge(
  db: Kysely<Database>,
  input: { siteUrl: string; walletAddress: string },
  now: number,
): Promise<ChallengeResponse> {
  const walletAddress = joinAddress(input.walletAddress);
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = now + challengeTtlMs;
  const message = buildSignInMessage({ siteUrl: input.siteUrl, walletAddress, nonce, issuedAt: now, expiresAt });
  await insertChallenge(db, { nonce, walletAddress, message, createdAt: now, expiresAt });
  return { message, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * Checks the message against the one issued (site, wallet, nonce, expiry) and the signature against
 * the wallet, then in one transaction spends the nonce, protects the wallet on its first proven
 * sign-in (ending its address-only sessions) and opens a proven session. Any refusal changes nothing.
 */
export async function verifyWalletSignIn(
  db: Kysely<Database>,
  input: { siteUrl: string; walletAddress: string; message: string; signature: string; walletName?: string | undefined },
  now: number,
): Promise<{ user: User; sessionId: string }> {
  const walletAddress = joinAddress(input.walletAddress);
  const read = readSignInMessage(input.message);
  if (!read) throw badRequest('CHALLENGE_MISMATCH', messages.mismatch);
  if (read.host !== siteHost(input.siteUrl) || read.uri !== input.siteUrl) {
    throw badRequest('CHALLENGE_WRONG_ORIGIN', messages.wrongOrigin);
  }
  const challenge = await findChallenge(db, read.nonce);
  if (!challenge || challenge.message !== input.message || challenge.wallet_address !== walletAddress) {
    throw badRequest('CHALLENGE_MISMATCH', messages.mismatch);
  }
  if (challenge.used_at !== null) throw new AppError(401, 'CHALLENGE_USED', messages.used);
  if (challenge.expires_at <= now) throw new AppError(401, 'CHALLENGE_EXPIRED', messages.expired);

  const check = await verifyWalletSignature(walletAddress, input.message, input.signature);
  if (check.outcome === 'malformed') throw badRequest('SIGNATURE_MALFORMED', messages.malformed);
  if (check.outcome === 'invalid') {
    const { outcome: _outcome, ...details } = check;
    throw new AppError(401, 'SIGNATURE_INVALID', invalidSignatureMessage(check, walletAddress), details);
  }

  return db.transaction().execute(async (trx) => {
    if (!(await consumeChallenge(trx, challenge.nonce, now))) throw new AppError(401, 'CHALLENGE_USED', messages.used);
    const user = await insertUserIfAbsent(trx, { walletAddress, referralCode: null, now });
    assertNotBlocked(user);
    if (await markWalletProtected(trx, user.id, now)) await deleteUnprovenSessions(trx, user.id);
    await touchLogin(trx, user.id, now);
    const sessionId = await openSession(trx, user.id, { proven: true, walletName: input.walletName?.trim() || null }, now);
    return { user: { ...user, last_login_at: now, wallet_protected_at: user.wallet_protected_at ?? now }, sessionId };
  });
}
