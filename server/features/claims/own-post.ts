import type { TwitterAccount } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { UpstreamError } from '../../integrations/http.js';
import type { XPost } from '../../integrations/x-client.js';
import type { XDeps } from '../x-auth/index.js';

/** A post may be dated slightly before the page says it started (clock skew between us and X). */
export const clockSkewMs = 2 * 60 * 1000;

/**
 * The post as X knows it, written by the account linked to this wallet and created no earlier than
 * `since`; anything else is refused with a clear error, and X being down is a 502. `accessToken` is
 * the account's current one (already refreshed when it had expired).
 */
export async function fetchOwnPost(
  deps: XDeps,
  account: TwitterAccount,
  accessToken: string,
  tweetId: string,
  since: number,
): Promise<XPost> {
  let post: XPost | null;
  try {
    post = await deps.x.post(tweetId, accessToken);
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
  if (post.createdAt < since - clockSkewMs) {
    throw badRequest('TWEET_TOO_OLD', 'That post was made before this claim started. Please post a new one.');
  }
  return post;
}
