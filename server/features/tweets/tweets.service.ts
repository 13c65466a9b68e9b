import type { Kysely } from 'kysely';
import { miningRewards, tweetCooldownMs } from '../../../shared/app-limits.js';
import type { PostTweetBody, UserTweet } from '../../../shared/schemas/tweets.js';
import { tweetProblem } from '../../../shared/tweet-rules.js';
import { invalidTweetUrlMessage, tweetIdFromUrl } from '../../../shared/tweet-url.js';
import type { Database, TwitterAccount, User } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { GenerationError, type GenerationProvider } from '../../integrations/generation/provider.js';
import { clockSkewMs, fetchOwnPost } from '../x-auth/own-post.js';
import { requireTwitterAccount, type XDeps } from '../x-auth/x-auth.service.js';
import { cooldownError, cooldownFrom } from './cooldown.js';
import { awardTweetPoints, findUserPoints, insertTweetClaim, listUserTweets } from './tweets.repository.js';


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

/** The post on X must carry the rules too: what was claimed is what was posted. */
async function verifyOnX(deps: XDeps, account: TwitterAccount, tweetId: string, postingStartTime: number): Promise<string> {
  const post = await fetchOwnPost(deps, account, tweetId, postingStartTime);
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
