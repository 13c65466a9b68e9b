import type { Kysely } from 'kysely';
import type { GenerationLanguage } from '@shared/schemas/language';
import type { PostTweetBody, UserTweetsResponse } from '@shared/schemas/tweets';
import { tweetProblem } from '@shared/tweet-rules';
import { invalidTweetUrlMessage, tweetIdFromUrl } from '@shared/tweet-url';
import type { Database, User } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { GenerationError, type GenerationProvider } from '../../integrations/generation/provider.js';
import {
  claimPost,
  type ClaimDeps,
  clockSkewMs,
  countedClaim,
  countUserClaims,
  listUserClaims,
} from '../claims/index.js';

export async function generateTweet(
  provider: GenerationProvider,
  prompt: string,
  language: GenerationLanguage = 'en',
): Promise<string> {
  if (prompt.trim() === '') throw badRequest('PROMPT_REQUIRED', 'Please enter what you want your tweet to be about.');
  try {
    return await provider.tweet(prompt.trim(), language);
  } catch (error) {
    if (error instanceof GenerationError) {
      throw new AppError(502, 'GENERATION_FAILED', 'Failed to generate tweet. Please try again.', {}, { cause: error });
    }
    throw error;
  }
}

/** A tweet's own rules (text, URL, start time); the claim rules are the claims feature's. Each attempt is counted. */
export function postTweet(deps: ClaimDeps, user: User, input: PostTweetBody, now = Date.now()) {
  return countedClaim(deps.claims, 'tweet', () => claimTweet(deps, user, input, now));
}

async function claimTweet(deps: ClaimDeps, user: User, input: PostTweetBody, now: number) {
  const problem = tweetProblem(input.tweetText);
  if (problem) throw badRequest('TWEET_RULES', problem);
  const tweetId = tweetIdFromUrl(input.actualTweetUrl);
  if (!tweetId) throw badRequest('INVALID_TWEET_URL', invalidTweetUrlMessage);
  if (input.postingStartTime > now + clockSkewMs) throw badRequest('BAD_POSTING_TIME', 'postingStartTime is in the future.');

  const claimed = await claimPost(
    deps,
    user,
    {
      kind: 'tweet',
      tweetId,
      tweetUrl: input.actualTweetUrl.trim(),
      since: input.postingStartTime,
      isCustom: input.isCustom,
      memeId: null,
      fallbackText: input.tweetText,
      ownText: null,
      // What was claimed is what was posted: the post on X must meet the rules too.
      checkPost: (post) => {
        const onX = tweetProblem(post.text);
        if (onX) throw badRequest('TWEET_RULES', `The post on X does not meet the rules: ${onX}`);
      },
    },
    now,
  );
  return { ok: true as const, ...claimed };
}

export async function userTweets(
  db: Kysely<Database>,
  userId: number,
  page: { limit: number; offset: number },
): Promise<UserTweetsResponse> {
  const [rows, total] = await Promise.all([listUserClaims(db, userId, page), countUserClaims(db, userId)]);
  return {
    tweets: rows.map((row) => ({
      id: row.id,
      tweetId: row.tweet_id,
      tweetUrl: row.tweet_url,
      tweetText: row.tweet_text,
      isCustom: row.is_custom === 1,
      points: row.points,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total,
  };
}
