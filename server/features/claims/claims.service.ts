import type { Kysely } from 'kysely';
import { miningRewards, tweetCooldownMs } from '@shared/app-limits';
import type { Database, User } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import type { XPost } from '../../integrations/x-client.js';
import { assertAccountStillEligible, requireTwitterAccount, type XDeps } from '../x-auth/x-auth.service.js';
import type { ReviewedClaim } from '@shared/schemas/admin';
import { awardPointsOffCooldown, findUserPoints, insertClaim, isPostClaimed, listRecentClaims } from './claims.repository.js';
import { insertClaimText, lockClaimTexts } from './claim-texts.repository.js';
import type { ClaimCounter, ClaimKind } from './claim-counter.js';
import { cooldownError, cooldownFrom } from './cooldown.js';
import { alreadyClaimed, assertNotDuplicate, indexedTextOf } from './duplicate-check.js';
import { fetchOwnPost } from './own-post.js';

export { countUserClaims, listUserClaims } from './claims.repository.js';
export { type ClaimCounter, countedClaim } from './claim-counter.js';
export { cooldownFrom } from './cooldown.js';
export { clockSkewMs } from './own-post.js';

export interface ClaimDeps extends XDeps {
  miningOpen: boolean;
  /** Counts each attempt's outcome (metrics); absent: nothing is counted. */
  claims?: ClaimCounter;
}

const rewards: Record<ClaimKind, { standard: number; paidTier: number }> = {
  tweet: { standard: miningRewards.tweetPoints, paidTier: miningRewards.verifiedTweetPoints },
  meme: { standard: miningRewards.memePoints, paidTier: miningRewards.verifiedMemePoints },
};

/** A post on X offered for points; the tweet and meme features describe it, this file rules on it. */
export interface PostClaim {
  kind: ClaimKind;
  tweetId: string;
  tweetUrl: string;
  /** The post must not be older than this (ms since epoch): the compose tab or the meme. */
  since: number;
  isCustom: boolean;
  memeId: number | null;
  /** Recorded as the claimed text when X is not asked (no X configured); otherwise the post's own text. */
  fallbackText: string;
  /** Text the server itself wrote for this claim (a meme's caption): left out of the duplicate check. */
  ownText: string | null;
  /** The kind's own rules for the post as X has it; throws an AppError. */
  checkPost: (post: XPost) => void;
  /** Runs in the claim's transaction after the points are written, e.g. to mark the meme posted. */
  alsoRecord?: (trx: Kysely<Database>, points: number) => Promise<void>;
}

/**
 * Every rule of a points-earning post in one place: mining open, X linked, one claim per post ever,
 * one claim per cooldown across tweets and memes, the X account still meeting the account
 * requirements, the post checked on X, its text not a (near) copy of an earlier claimed post, then
 * the claim, its points and its text's place in the duplicate index in one transaction.
 */
export async function claimPost(deps: ClaimDeps, user: User, claim: PostClaim, now: number) {
  if (!deps.miningOpen) {
    throw new AppError(403, 'MINING_CLOSED', 'Mining Phase Complete - Energy mining is now disabled. Posts no longer earn points.');
  }
  const account = await requireTwitterAccount(deps.db, user.id);
  if (await isPostClaimed(deps.db, claim.tweetId)) throw alreadyClaimed();
  const early = cooldownFrom(user.last_tweet_claim_at, now);
  if (early.onCooldown) throw cooldownError(early);

  // Verification is skipped only when no X is configured at all (nothing to ask).
  let post: XPost | null = null;
  if (deps.x.isConfigured) {
    const accessToken = await assertAccountStillEligible(deps, account, now);
    post = await fetchOwnPost(deps, account, accessToken, claim.tweetId, claim.since);
  }
  if (post) claim.checkPost(post);
  const points = rewards[claim.kind][account.is_verified === 1 ? 'paidTier' : 'standard'];
  const tweetText = post?.text ?? claim.fallbackText;
  const indexed = indexedTextOf(tweetText, claim.ownText);

  try {
    await deps.db.transaction().execute(async (trx) => {
      if (indexed) await lockClaimTexts(trx);
      const claimId = await insertClaim(trx, {
        userId: user.id,
        tweetId: claim.tweetId,
        tweetUrl: claim.tweetUrl,
        tweetText,
        isCustom: claim.isCustom,
        points,
        memeId: claim.memeId,
        now,
      });
      if (!(await awardPointsOffCooldown(trx, { userId: user.id, points, now, cooldownMs: tweetCooldownMs }))) {
        const latest = await findUserPoints(trx, user.id);
        throw cooldownError(cooldownFrom(latest.last_tweet_claim_at, now));
      }
      // After the cooldown, as outside the transaction: a post too early hears that first.
      if (indexed) {
        await assertNotDuplicate(trx, user.id, indexed);
        await insertClaimText(trx, { claimId, userId: user.id, ...indexed });
      }
      await claim.alsoRecord?.(trx, points);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyClaimed();
    throw error;
  }
  const { total_points: totalAcornMined } = await findUserPoints(deps.db, user.id);
  return { pointsEarned: points, totalAcornMined: Number(totalAcornMined) };
}

/** One page of every member's claims, newest first, and the id to ask the next page before (null on the last). */
export async function listClaimsForReview(
  db: Kysely<Database>,
  query: { kind?: 'tweet' | 'meme' | undefined; before?: number | undefined; limit: number },
): Promise<{ claims: ReviewedClaim[]; nextBefore: number | null }> {
  const rows = await listRecentClaims(db, { kind: query.kind, beforeId: query.before }, query.limit + 1);
  const claims = rows.slice(0, query.limit).map((row) => ({
    id: Number(row.id),
    walletAddress: row.wallet_address,
    kind: row.meme_id === null ? ('tweet' as const) : ('meme' as const),
    postUrl: row.tweet_url,
    points: Number(row.points),
    createdAt: new Date(Number(row.created_at)).toISOString(),
  }));
  return { claims, nextBefore: rows.length > query.limit ? claims.at(-1)!.id : null };
}
