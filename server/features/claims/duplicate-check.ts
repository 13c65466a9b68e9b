import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { type EarlierText, findBandCandidates, findExactTexts, type IndexedText } from './claim-texts.repository.js';
import { checkedText } from './post-text.js';
import { bandKeys, duplicateThreshold, jaccard, textHash, trigrams } from './text-similarity.js';

/** What a claim's text is judged and remembered by; null when it is too short to judge. */
export function indexedTextOf(postText: string, ownText: string | null): IndexedText | null {
  const text = checkedText(postText, ownText);
  return text === null ? null : { text, hash: textHash(text), bandKeys: bandKeys(text) };
}

/** The earlier claim a refused post's text copied, and how alike the two texts are (1: the same). */
export interface DuplicateMatch {
  claimId: number;
  similarity: number;
}

/**
 * A refusal for a (near) copy of an earlier claimed post. The member's answer is the AppError's code
 * and message as for any refusal; the match is kept for the refusal's record only.
 */
export class DuplicateClaimError extends AppError {
  constructor(
    code: 'DUPLICATE_CONTENT' | 'TWEET_ALREADY_CLAIMED',
    message: string,
    readonly match: DuplicateMatch,
  ) {
    super(409, code, message);
  }
}

const alreadyClaimedMessage = 'This post has already been claimed.';

export const alreadyClaimed = () => new AppError(409, 'TWEET_ALREADY_CLAIMED', alreadyClaimedMessage);

/** The closest of the matches (the earliest claim among equals). */
function closest(matches: Array<EarlierText & { similarity: number }>): DuplicateMatch {
  const best = [...matches].sort((a, b) => b.similarity - a.similarity || a.claimId - b.claimId)[0]!;
  return { claimId: best.claimId, similarity: best.similarity };
}

/**
 * Refuses a post whose text is (nearly) the text of an earlier claimed post: another member's is
 * 409 DUPLICATE_CONTENT; the member's own is the same post posted again, which one-claim-per-post
 * already refuses (409 TWEET_ALREADY_CLAIMED). Exact copies are found by hash; near copies among the
 * claims sharing an LSH band, compared by exact trigram Jaccard. The refusal names the closest match.
 */
export async function assertNotDuplicate(db: Kysely<Database>, userId: number, indexed: IndexedText): Promise<void> {
  let matches: Array<EarlierText & { similarity: number }> = (await findExactTexts(db, indexed.hash)).map((earlier) => ({
    ...earlier,
    similarity: 1,
  }));
  if (matches.length === 0) {
    const grams = trigrams(indexed.text);
    matches = (await findBandCandidates(db, indexed.bandKeys))
      .map((earlier) => ({ ...earlier, similarity: jaccard(grams, trigrams(earlier.text)) }))
      .filter((earlier) => earlier.similarity >= duplicateThreshold);
  }
  const others = matches.filter((earlier) => earlier.userId !== userId);
  if (others.length > 0) {
    throw new DuplicateClaimError(
      'DUPLICATE_CONTENT',
      'Another member has already claimed a post with the same or nearly the same text. Write your own post in your own words, then claim it.',
      closest(others),
    );
  }
  if (matches.length > 0) throw new DuplicateClaimError('TWEET_ALREADY_CLAIMED', alreadyClaimedMessage, closest(matches));
}
