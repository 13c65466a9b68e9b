import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TwitterAccount as TwitterAccountView } from '@shared/schemas/auth';
import type { Database, TwitterAccount, User } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { UpstreamError } from '../../integrations/http.js';
import { pkcePair, type XClient, type XTokens, type XUser } from '../../integrations/x-client.js';
import type { SecretBox } from '../../platform/lib/secret-box.js';
import { assertAccountRequirements } from './account-requirements.js';
import {
  bindXAccount,
  consumeOauthState,
  deleteStaleOauthStates,
  findTwitterAccountByUser,
  insertOauthState,
  updateVerification,
  upsertTwitterAccount,
} from './x-auth.repository.js';

export { deleteStaleOauthStates, findTwitterAccountByUser };

export interface XDeps {
  db: Kysely<Database>;
  x: XClient;
  box: SecretBox;
}

export const oauthStateTtlMs = 10 * 60 * 1000;
const connectFailedMessage = 'Failed to connect X account. Please try again.';
const inUse = () => conflict('X_ACCOUNT_IN_USE', 'This X account is already linked to another wallet.');

function assertConfigured(x: XClient): void {
  if (!x.isConfigured) {
    throw new AppError(503, 'X_NOT_CONFIGURED', 'Connecting an X account is not available on this server yet.');
  }
}

function xUnavailable(error: unknown): never {
  if (error instanceof UpstreamError) throw new AppError(502, 'X_UNAVAILABLE', connectFailedMessage, {}, { cause: error });
  throw error;
}

export function toTwitterAccountView(account: TwitterAccount): TwitterAccountView {
  return { handle: account.handle, isVerified: account.is_verified === 1 };
}

/** A state bound to this session and user, single use, valid 10 minutes; PKCE verifier kept server-side. */
export async function startAuthorization(deps: XDeps, input: { user: User; sessionHash: string }, now = Date.now()) {
  assertConfigured(deps.x);
  await deleteStaleOauthStates(deps.db, now);
  const state = randomBytes(24).toString('base64url');
  const { verifier, challenge } = pkcePair();
  await insertOauthState(deps.db, {
    state,
    sessionHash: input.sessionHash,
    userId: input.user.id,
    codeVerifier: verifier,
    now,
    expiresAt: now + oauthStateTtlMs,
  });
  return { authUrl: deps.x.authorizeUrl(state, challenge), state };
}

export async function exchangeCode(
  deps: XDeps,
  input: { user: User; sessionHash: string; code: string; state: string },
  now = Date.now(),
): Promise<TwitterAccountView> {
  assertConfigured(deps.x);
  const verifier = await consumeOauthState(deps.db, {
    state: input.state,
    sessionHash: input.sessionHash,
    userId: input.user.id,
    now,
  });
  if (!verifier) {
    throw badRequest('INVALID_OAUTH_STATE', 'This X authorization expired or was already used. Please connect again.');
  }

  const tokens = await deps.x.exchangeCode(input.code, verifier).catch(xUnavailable);
  const xUser = await deps.x.me(tokens.accessToken).catch(xUnavailable);

  assertAccountRequirements(deps.x.requirements, xUser, now);
  try {
    await deps.db.transaction().execute(async (trx) => {
      // The binding outlives the link: a wallet switching to another X account does not free this one.
      const owner = await bindXAccount(trx, { xUserId: xUser.id, userId: input.user.id, now });
      if (owner !== input.user.id) throw inUse();
      await upsertTwitterAccount(trx, {
        userId: input.user.id,
        xUserId: xUser.id,
        handle: xUser.username,
        isVerified: xUser.isVerified,
        accessToken: deps.box.seal(tokens.accessToken),
        refreshToken: tokens.refreshToken ? deps.box.seal(tokens.refreshToken) : null,
        tokenExpiresAt: tokens.expiresAt,
        now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw inUse();
    throw error;
  }
  return { handle: xUser.username, isVerified: xUser.isVerified };
}

/** The account's access token, refreshed first when it has expired. */
export async function accessTokenFor(deps: XDeps, account: TwitterAccount, now = Date.now()): Promise<string> {
  const current = account.access_token ? deps.box.open(account.access_token) : null;
  const expired = account.token_expires_at !== null && account.token_expires_at - 60_000 <= now;
  if (current && !expired) return current;
  const refreshToken = account.refresh_token ? deps.box.open(account.refresh_token) : null;
  if (!refreshToken) throw new AppError(409, 'X_RECONNECT_REQUIRED', 'Please connect your X account again.');
  const tokens: XTokens = await deps.x.refresh(refreshToken);
  await updateVerification(deps.db, account.user_id, {
    isVerified: account.is_verified === 1,
    now: account.verification_checked_at,
    accessToken: deps.box.seal(tokens.accessToken),
    refreshToken: tokens.refreshToken ? deps.box.seal(tokens.refreshToken) : null,
    tokenExpiresAt: tokens.expiresAt,
  });
  return tokens.accessToken;
}

export async function requireTwitterAccount(db: Kysely<Database>, userId: number): Promise<TwitterAccount> {
  const account = await findTwitterAccountByUser(db, userId);
  if (!account) throw new AppError(403, 'X_NOT_CONNECTED', 'Please connect your X account first.');
  return account;
}

/**
 * Asks X about the linked account again and applies the account requirements to what it says now;
 * returns the access token it used (refreshed if it had expired) for the claim's further calls.
 */
export async function assertAccountStillEligible(deps: XDeps, account: TwitterAccount, now = Date.now()): Promise<string> {
  let accessToken: string;
  let xUser: XUser;
  try {
    accessToken = await accessTokenFor(deps, account, now);
    xUser = await deps.x.me(accessToken);
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw new AppError(502, 'X_UNAVAILABLE', 'Could not check your X account. Please try again.', {}, { cause: error });
    }
    throw error;
  }
  assertAccountRequirements(deps.x.requirements, xUser, now);
  return accessToken;
}

export function verificationView(account: TwitterAccount) {
  return { isVerified: account.is_verified === 1, verificationCheckedAt: new Date(account.verification_checked_at).toISOString() };
}

/** Asks X again whether the account is on the paid tier. */
export async function refreshVerification(deps: XDeps, userId: number, now = Date.now()) {
  const account = await requireTwitterAccount(deps.db, userId);
  try {
    const token = await accessTokenFor(deps, account, now);
    const xUser = await deps.x.me(token);
    await updateVerification(deps.db, userId, { isVerified: xUser.isVerified, now });
    return { isVerified: xUser.isVerified, verificationCheckedAt: new Date(now).toISOString() };
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw new AppError(502, 'X_UNAVAILABLE', 'Failed to refresh verification status.', {}, { cause: error });
    }
    throw error;
  }
}
