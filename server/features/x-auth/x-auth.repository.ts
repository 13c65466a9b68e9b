import type { Kysely } from 'kysely';
import type { Database, TwitterAccount } from '../../platform/db/schema.js';

export async function insertOauthState(
  db: Kysely<Database>,
  row: { state: string; sessionHash: string; userId: number; codeVerifier: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('oauth_states')
    .values({
      state: row.state,
      session_hash: row.sessionHash,
      user_id: row.userId,
      code_verifier: row.codeVerifier,
      created_at: row.now,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Marks the state used if it is unused, fresh and belongs to this session and user; returns its
 * verifier only then. One conditional update, so a replay racing the first use cannot also win.
 */
export async function consumeOauthState(
  db: Kysely<Database>,
  where: { state: string; sessionHash: string; userId: number; now: number },
): Promise<string | null> {
  const result = await db
    .updateTable('oauth_states')
    .set({ used_at: where.now })
    .where('state', '=', where.state)
    .where('session_hash', '=', where.sessionHash)
    .where('user_id', '=', where.userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', where.now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await db
    .selectFrom('oauth_states')
    .select('code_verifier')
    .where('state', '=', where.state)
    .executeTakeFirst();
  return row?.code_verifier ?? null;
}

export async function deleteStaleOauthStates(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('oauth_states').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findTwitterAccountByUser(db: Kysely<Database>, userId: number): Promise<TwitterAccount | undefined> {
  return db.selectFrom('twitter_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export interface LinkValues {
  userId: number;
  xUserId: string;
  handle: string;
  isVerified: boolean;
  accessToken: string;
  refreshToken: string | null;
  tokenExpiresAt: number | null;
  now: number;
}

/** Links (or re-links) the user's X account. */
export async function upsertTwitterAccount(db: Kysely<Database>, values: LinkValues): Promise<void> {
  const row = {
    x_user_id: values.xUserId,
    handle: values.handle,
    is_verified: values.isVerified ? 1 : 0,
    verification_checked_at: values.now,
    access_token: values.accessToken,
    refresh_token: values.refreshToken,
    token_expires_at: values.tokenExpiresAt,
  };
  await db
    .insertInto('twitter_accounts')
    .values({ ...row, user_id: values.userId, created_at: values.now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export async function updateVerification(
  db: Kysely<Database>,
  userId: number,
  values: { isVerified: boolean; now: number; accessToken?: string; refreshToken?: string | null; tokenExpiresAt?: number | null },
): Promise<void> {
  await db
    .updateTable('twitter_accounts')
    .set({
      is_verified: values.isVerified ? 1 : 0,
      verification_checked_at: values.now,
      ...(values.accessToken !== undefined
        ? { access_token: values.accessToken, refresh_token: values.refreshToken ?? null, token_expires_at: values.tokenExpiresAt ?? null }
        : {}),
    })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Binds the X account to the user unless it is already bound, and returns the user it is bound to:
 * the first wallet's, forever. Insert-if-absent then read, so two wallets racing agree on one owner.
 */
export async function bindXAccount(db: Kysely<Database>, values: { xUserId: string; userId: number; now: number }): Promise<number> {
  await db
    .insertInto('x_account_bindings')
    .values({ x_user_id: values.xUserId, user_id: values.userId, created_at: values.now })
    .onConflict((oc) => oc.column('x_user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('x_account_bindings')
    .select('user_id')
    .where('x_user_id', '=', values.xUserId)
    .executeTakeFirstOrThrow();
  return Number(row.user_id);
}
