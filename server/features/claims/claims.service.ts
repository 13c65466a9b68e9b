import type { Kysely } from 'kysely';
import { miningRewards, tweetCooldownMs } from '@shared/app-limits';
import type { Database, User } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import { AppError } from '../../platform/errors.js';
import type { XPost } from '../../integrations/x-client.js';
import { assertAccountStillEligible, requireTwitterAccount, type XDeps } from '../x-auth/index.js';
import type { ClaimChangeResponse, ClaimOutcome, ReviewedClaim } from '@shared/schemas/admin';
import { type AuditActor, recordChange } from '../audit/index.js';
import { awardPointsOffCooldown, changeUserPoints, findUserPoints } from '../users/index.js';
import {
  insertClaim,
  insertRefusalWithinBound,
  isPostClaimed,
  listRecentClaims,
  listRecentRefusals,
  type NewRefusal,
  type ReviewCursor,
  setClaimRevoked,
} from './claims.repository.js';
import { insertClaimText, lockClaimTexts } from './claim-texts.repository.js';
import type { ClaimCounter, ClaimKind } from './claim-counter.js';
import { cooldownError, cooldownFrom } from './cooldown.js';
import { alreadyClaimed, assertNotDuplicate, DuplicateClaimError, indexedTextOf } from './duplicate-check.js';
import { findClaimForChange, type WithWallet, withMemberWallets } from './member-wallets.js';
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
 * Rules on a claim (judgeClaim) and keeps each refusal for the operator console (up to the member's daily
 * share): the code the member is answered with and, for a (near) copy, the similarity and the earlier claim
 * it matched. The member hears exactly the refusal, whether or not it was kept; failures of our own (5xx)
 * are no refusal.
 */
export async function claimPost(deps: ClaimDeps, user: User, claim: PostClaim, now: number) {
  try {
    return await judgeClaim(deps, user, claim, now);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) await keepRefusal(deps.db, user, claim, error, now);
    throw error;
  }
}

/**
 * Refused attempts kept per member in any 24 hours: plenty for the console to see what a member tried,
 * while a member retrying in a loop cannot fill the table. Past it the attempt is refused all the same.
 */
export const refusalsKeptPerMemberPerDay = 50;
const dayMs = 24 * 60 * 60 * 1000;

/** Keeps one refused attempt unless the member already has the day's share kept; true when kept. */
export function keepRefusalRecord(db: Kysely<Database>, refusal: NewRefusal): Promise<boolean> {
  return insertRefusalWithinBound(db, refusal, { max: refusalsKeptPerMemberPerDay, after: refusal.now - dayMs });
}

async function keepRefusal(db: Kysely<Database>, user: User, claim: PostClaim, error: AppError, now: number): Promise<void> {
  const match = error instanceof DuplicateClaimError ? error.match : null;
  try {
    await keepRefusalRecord(db, {
      userId: user.id,
      kind: claim.kind,
      tweetId: claim.tweetId,
      tweetUrl: claim.tweetUrl,
      code: error.code,
      similarity: match?.similarity ?? null,
      matchedClaimId: match?.claimId ?? null,
      now,
    });
  } catch {
    // The record is the console's; the member's answer is the refusal itself.
  }
}

/**
 * Every rule of a points-earning post in one place: mining open, X linked, one claim per post ever,
 * one claim per cooldown across tweets and memes, the X account still meeting the account
 * requirements, the post checked on X, its text not a (near) copy of an earlier claimed post, then
 * the claim, its points and its text's place in the duplicate index in one transaction.
 */
async function judgeClaim(deps: ClaimDeps, user: User, claim: PostClaim, now: number) {
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

type ClaimRow = NonNullable<Awaited<ReturnType<typeof findClaimForChange>>>;
type RefusalRow = WithWallet<Awaited<ReturnType<typeof listRecentRefusals>>[number]>;

const isoOf = (ms: number | string) => new Date(Number(ms)).toISOString();

function reviewedClaim(row: Omit<ClaimRow, 'user_id'>): ReviewedClaim {
  const revoked = row.revoked_at !== null;
  return {
    id: Number(row.id),
    outcome: revoked ? 'revoked' : 'accepted',
    walletAddress: row.wallet_address,
    kind: row.meme_id === null ? 'tweet' : 'meme',
    postUrl: row.tweet_url,
    points: Number(row.points),
    createdAt: isoOf(row.created_at),
    refusal: null,
    revocation: revoked ? { at: isoOf(row.revoked_at!), reason: row.revoked_reason } : null,
  };
}

function reviewedRefusal(row: RefusalRow): ReviewedClaim {
  return {
    id: Number(row.id),
    outcome: 'refused',
    walletAddress: row.wallet_address,
    kind: row.kind,
    postUrl: row.tweet_url,
    points: 0,
    createdAt: isoOf(row.created_at),
    refusal: {
      code: row.code,
      score: row.similarity === null ? null : Number(row.similarity),
      matchedClaimId: row.matched_claim_id === null ? null : Number(row.matched_claim_id),
    },
    revocation: null,
  };
}

interface Entry {
  key: ReviewCursor;
  claim: ReviewedClaim;
}

const cursorText = (key: ReviewCursor) => `${key.createdAt}.${key.source}.${key.id}`;

function parseCursor(text: string | undefined): ReviewCursor | undefined {
  if (text === undefined) return undefined;
  const [createdAt, source, id] = text.split('.').map(Number) as [number, number, number];
  return { createdAt, source: source === 1 ? 1 : 0, id };
}

/** Newest first; of one millisecond, claims before refusals, then the higher id first. */
const newestFirst = (a: Entry, b: Entry) =>
  b.key.createdAt - a.key.createdAt || b.key.source - a.key.source || b.key.id - a.key.id;

/**
 * One page of every member's claims and refused attempts, newest first, of one kind and outcome or
 * all, and the cursor to ask the next page with (null on the last).
 */
export async function listClaimsForReview(
  db: Kysely<Database>,
  query: { kind?: 'tweet' | 'meme' | undefined; outcome?: ClaimOutcome | undefined; before?: string | undefined; limit: number },
): Promise<{ claims: ReviewedClaim[]; nextBefore: string | null }> {
  const cursor = parseCursor(query.before);
  const outcome = query.outcome;
  const wanted = query.limit + 1;
  const lists = await Promise.all([
    outcome === 'refused'
      ? Promise.resolve([])
      : listRecentClaims(db, { kind: query.kind, revoked: outcome === undefined ? undefined : outcome === 'revoked', cursor }, wanted),
    outcome === undefined || outcome === 'refused' ? listRecentRefusals(db, { kind: query.kind, cursor }, wanted) : Promise.resolve([]),
  ]);
  const [claimRows, refusalRows] = await withMemberWallets(db, ...lists);
  const entries: Entry[] = [
    ...claimRows.map((row) => ({ key: { createdAt: Number(row.created_at), source: 1 as const, id: Number(row.id) }, claim: reviewedClaim(row) })),
    ...refusalRows.map((row) => ({ key: { createdAt: Number(row.created_at), source: 0 as const, id: Number(row.id) }, claim: reviewedRefusal(row) })),
  ].sort(newestFirst);
  const page = entries.slice(0, query.limit);
  return { claims: page.map((entry) => entry.claim), nextBefore: entries.length > query.limit ? cursorText(page.at(-1)!.key) : null };
}

export type ClaimChange =
  | ({ ok: true } & ClaimChangeResponse)
  | { ok: false; status: 404 | 409; problem: string };

/**
 * An operator revokes a standing claim (its points leave the member, so the leaderboard follows within
 * its cache time) or restores a revoked one (they come back), with a reason and one audit entry
 * (`claim.revoke` / `claim.restore`, before and after with the member's points) in the same
 * transaction. A claim not in the state to change is 409; the post stays claimed either way.
 */
export async function changeClaimStanding(
  db: Kysely<Database>,
  claimId: number,
  change: { revoke: boolean; reason: string; by: AuditActor; now: number },
): Promise<ClaimChange> {
  try {
    return await changeInTransaction(db, claimId, change);
  } catch (error) {
    if (error instanceof RefusedChange) return { ok: false, status: 409, problem: error.message };
    throw error;
  }
}

class RefusedChange extends Error {}

async function changeInTransaction(
  db: Kysely<Database>,
  claimId: number,
  change: { revoke: boolean; reason: string; by: AuditActor; now: number },
): Promise<ClaimChange> {
  const entry = { action: change.revoke ? 'claim.revoke' : 'claim.restore', target: `claim:${claimId}`, reason: change.reason };
  return recordChange<ClaimChange>(
    db,
    change.by,
    entry,
    async (trx) => {
      const row = await findClaimForChange(trx, claimId);
      if (!row) return { result: { ok: false, status: 404, problem: `no claim ${claimId}` }, unchanged: true };
      const points = Number(row.points);
      if (!(await setClaimRevoked(trx, claimId, change.revoke ? { at: change.now, reason: change.reason } : null))) {
        const problem = change.revoke ? `claim ${claimId} is already revoked` : `claim ${claimId} is not revoked: there is nothing to restore`;
        return { result: { ok: false, status: 409, problem }, unchanged: true };
      }
      const memberPoints = await changeUserPoints(trx, Number(row.user_id), change.revoke ? -points : points);
      if (memberPoints === null) {
        const { total_points: has } = await findUserPoints(trx, Number(row.user_id));
        // Thrown to roll the mark back; answered below.
        throw new RefusedChange(`${row.wallet_address} has ${Number(has)} points: taking the claim's ${points} would leave them below zero.`);
      }
      const before = reviewedClaim(row);
      const after = reviewedClaim((await findClaimForChange(trx, claimId))!);
      const memberBefore = memberPoints - (change.revoke ? -points : points);
      return {
        result: { ok: true, claim: after, memberPoints },
        before: { outcome: before.outcome, claimPoints: points, wallet: row.wallet_address, memberPoints: memberBefore },
        after: { outcome: after.outcome, claimPoints: points, wallet: row.wallet_address, memberPoints },
      };
    },
    change.now,
  );
}
