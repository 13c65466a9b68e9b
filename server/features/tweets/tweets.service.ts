import type { Kysely } from 'kysely';
import { miningRewards, tweetCooldownMs } from '../../../shared/app-limits.js';
import type { PostTweetBody, UserTweet } from '../../../shared/schemas/tweets.js';
import { tweetProblem } from '../../../shared/tweet-rules.js';
import { invalidTweetUrlMessage, tweetIdFromUrl } from '../../../shared/tweet-url.js';
import type { Database, TwitterAccount, User } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { GenerationError, type GenerationProvider } from '../../integrations/generation/provider.js';
import { UpstreamError } from '../../integrations/http.js';
import { accessTokenFor, requireTwitterAccount, type XDeps } from '../x-auth/x-auth.service.js';
import { cooldownError, cooldownFrom } from './cooldown.js';
import { awardTweetPoints, findUserPoints, insertTweetClaim, listUserTweets } from './tweets.repository.js';

/** A post may be dated slightly before the compose tab opened (clock skew between us and X). */
const clockSkewMs = 2 * 60 * 1000;

export const miningClosedError = () =>
  new AppError(403, 'MINING_CLOSED', 'Mining Phase Complete - Energy mining is now disabled. Posts no longer earn points.');

export async function generateTweet(provider: GenerationProvider, prompt: string): Promise<string> {
  if (prompt.trim() === '') throw badRequest('PROMPT_REQUIRED', 'Please enter what you want your tweet to be about.');
  try {
    return await provider.tweet(prompt.trim());
  } catch (error) {
    if (error instanceof GenerationError) {
      throw new AppError(502, 'GENERATION_FAILED', 'Failed to generate tweet. Please try again.', {}, { cause: error });
    }
    throw error;
  }
}

/** Checks the post on X: it exists, the linked account wrote it, after the compose tab opened, with the hashtags. */
async function verifyOnX(deps: XDeps, account: TwitterAccount, tweetId: string, postingStartTime: number): Promise<string> {
  let post;
  try {
    post = await deps.x.post(tweetId, await accessTokenFor(deps, account));
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw new AppError(502, 'X_UNAVAILABLE', 'Could not check the post on X. Please try again.', {}, { cause: error });
    }
    throw error;
  }
  if (!post) throw badRequest('TWEET_NOT_FOUND', 'That post was not found on X. Please check the URL.');
  if (post.authorId !== account.x_user_id) {
    throw new AppError(403, 'TWEET_NOT_YOURS', 'That post was not written by your connected X account.');
  }
  if (post.createdAt < postingStartTime - clockSkewMs) {
    throw badRequest('TWEET_TOO_OLD', 'That post was made before you started this tweet. Please post a new one.');
  }
  const problem = tweetProblem(post.text);
  if (problem) throw badRequest('TWEET_RULES', `The post on X does not meet the rules: ${problem}`);
  return post.text;
}

export interface PostDeps extends XDeps {
  miningOpen: boolean;
}

/** Every rule of a tweet claim, enforced here rather than trusted from the page. */
export async function postTweet(deps: PostDeps, user: User, input: PostTweetBody, now = Date.now()) {
  if (!deps.miningOpen) throw miningClosedError();
  const account = await requireTwitterAccount(deps.db, user.id);

  const problem = tweetProblem(input.tweetText);
  if (problem) throw badRequest('TWEET_RULES', problem);
  const tweetId = tweetIdFromUrl(input.actualTweetUrl);
  if (!tweetId) throw badRequest('INVALID_TWEET_URL', invalidTweetUrlMessage);
  if (input.postingStartTime > now + clockSkewMs) throw badRequest('BAD_POSTING_TIME', 'postingStartTime is in the future.');

  const early = cooldownFrom(user.last_tweet_claim_at, now);
  if (early.onCooldown) throw cooldownError(early);

  const text = deps.x.isConfigured ? await verifyOnX(deps, account, tweetId, input.postingStartTime) : input.tweetText;
  const points = account.is_verified === 1 ? miningRewards.verifiedTweetPoints : miningRewards.tweetPoints;

  try {
    await deps.db.transaction().execute(async (trx) => {
      await insertTweetClaim(trx, {
        userId: user.id,
        tweetId,
        tweetUrl: input.actualTweetUrl.trim(),
        tweetText: text,
        isCustom: input.isCustom,
        points,
        now,
      });
      if (!(await awardTweetPoints(trx, { userId: user.id, points, now, cooldownMs: tweetCooldownMs }))) {
        const latest = await findUserPoints(trx, user.id);
        throw cooldownError(cooldownFrom(latest.last_tweet_claim_at, now));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('TWEET_ALREADY_CLAIMED', 'This post has already been claimed.');
    throw error;
  }
  const { total_points: totalAcornMined } = await findUserPoints(deps.db, user.id);
  return { ok: true as const, pointsEarned: points, totalAcornMined };
}

export async function userTweets(db: Kysely<Database>, userId: number): Promise<UserTweet[]> {
  const rows = await listUserTweets(db, userId);
  return rows.map((row) => ({
    id: row.id,
    tweetId: row.tweet_id,
    tweetUrl: row.tweet_url,
    tweetText: row.tweet_text,
    isCustom: row.is_custom === 1,
    points: row.points,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
