import type { Kysely } from 'kysely';
import type { AuthChallenge, Database } from '../../platform/db/schema.js';

export async function insertChallenge(
  db: Kysely<Database>,
  challenge: { nonce: string; walletAddress: string; message: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('auth_challenges')
    .values({
      nonce: challenge.nonce,
      wallet_address: challenge.walletAddress,
      message: challenge.message,
      created_at: challenge.createdAt,
      expires_at: challenge.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function findChallenge(db: Kysely<Database>, nonce: string): Promise<AuthChallenge | undefined> {
  return db.selectFrom('auth_challenges').selectAll().where('nonce', '=', nonce).executeTakeFirst();
}

/**
 * Spends the nonce: a conditional update, so of several verifies racing on one nonce exactly one
 * sees a changed row, on SQLite and PostgreSQL alike. True for the one that spent it.
 */
export async function consumeChallenge(db: Kysely<Database>, nonce: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('auth_challenges')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Challenges past their expiry (spent or not) are useless; the count is for the log. */
export async function deleteExpiredChallenges(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('auth_challenges').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
