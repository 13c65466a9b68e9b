import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewClaim {
  userId: number;
  tweetId: string;
  tweetUrl: string;
  tweetText: string;
  isCustom: boolean;
  points: number;
  memeId: number | null;
  now: number;
}

/** Returns the new claim's id. */
export async function insertClaim(db: Kysely<Database>, claim: NewClaim): Promise<number> {
  const row = await db
    .insertInto('tweet_claims')
    .values({
      user_id: claim.userId,
      tweet_id: claim.tweetId,
      tweet_url: claim.tweetUrl,
      tweet_text: claim.tweetText,
      is_custom: claim.isCustom ? 1 : 0,
      points: claim.points,
      created_at: claim.now,
      meme_id: claim.memeId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function isPostClaimed(db: Kysely<Database>, tweetId: string): Promise<boolean> {
  const row = await db.selectFrom('tweet_claims').select('id').where('tweet_id', '=', tweetId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds the points and restarts the cooldown only if the user is off cooldown, in one conditional
 * update: of two claims racing past the cooldown check, exactly one changes the row.
 */
export async function awardPointsOffCooldown(
  db: Kysely<Database>,
  award: { userId: number; points: number; now: number; cooldownMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ total_points: eb('total_points', '+', award.points), last_tweet_claim_at: award.now }))
    .where('id', '=', award.userId)
    .where((eb) =>
      eb.or([eb('last_tweet_claim_at', 'is', null), eb('last_tweet_claim_at', '<=', award.now - award.cooldownMs)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findUserPoints(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['total_points', 'last_tweet_claim_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Newest first; the id breaks ties between claims of the same millisecond so pages never overlap. */
export async function listUserClaims(db: Kysely<Database>, userId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('tweet_claims')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUserClaims(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('tweet_claims')
    .select(db.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every member's claims, newest first, of one kind or both (the operator console). */
export async function listRecentClaims(
  db: Kysely<Database>,
  filter: { kind?: 'tweet' | 'meme' | undefined; beforeId?: number | undefined },
  limit: number,
) {
  let query = db
    .selectFrom('tweet_claims')
    .innerJoin('users', 'users.id', 'tweet_claims.user_id')
    .select([
      'tweet_claims.id',
      'users.wallet_address',
      'tweet_claims.tweet_url',
      'tweet_claims.points',
      'tweet_claims.created_at',
      'tweet_claims.meme_id',
    ])
    .orderBy('tweet_claims.id', 'desc')
    .limit(limit);
  if (filter.kind === 'meme') query = query.where('tweet_claims.meme_id', 'is not', null);
  if (filter.kind === 'tweet') query = query.where('tweet_claims.meme_id', 'is', null);
  if (filter.beforeId !== undefined) query = query.where('tweet_claims.id', '<', filter.beforeId);
  return query.execute();
}
