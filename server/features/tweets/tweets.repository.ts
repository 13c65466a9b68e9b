import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function insertTweetClaim(
  db: Kysely<Database>,
  claim: {
    userId: number;
    tweetId: string;
    tweetUrl: string;
    tweetText: string;
    isCustom: boolean;
    points: number;
    now: number;
    memeId?: number;
  },
): Promise<void> {
  await db
    .insertInto('tweet_claims')
    .values({
      user_id: claim.userId,
      tweet_id: claim.tweetId,
      tweet_url: claim.tweetUrl,
      tweet_text: claim.tweetText,
      is_custom: claim.isCustom ? 1 : 0,
      points: claim.points,
      created_at: claim.now,
      meme_id: claim.memeId ?? null,
    })
    .execute();
}

/**
 * Awards the points only if the user is off cooldown, in one conditional update: of two posts
 * racing past the cooldown check, exactly one changes the row.
 */
export async function awardTweetPoints(
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

export async function listUserTweets(db: Kysely<Database>, userId: number, limit = 50) {
  return db
    .selectFrom('tweet_claims')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
