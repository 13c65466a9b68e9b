import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../errors.js';
import { type EarlierText, findBandCandidates, findExactTexts, type IndexedText } from './claim-texts.repository.js';
import { checkedText } from './post-text.js';
import { bandKeys, duplicateThreshold, jaccard, textHash, trigrams } from './text-similarity.js';

/** What a claim's text is judged and remembered by; null when it is too short to judge. */
export function indexedTextOf(postText: string, ownText: string | null): IndexedText | null {
  const text = checkedText(postText, ownText);
  return text === null ? null : { text, hash: textHash(text), bandKeys: bandKeys(text) };
}

export const alreadyClaimed = () => conflict('TWEET_ALREADY_CLAIMED', 'This post has already been claimed.');

/**
 * Refuses a post whose text is (nearly) the text of an earlier claimed post: another member's is
 * 409 DUPLICATE_CONTENT; the member's own is the same post posted again, which one-claim-per-post
 * already refuses (409 TWEET_ALREADY_CLAIMED). Exact copies are found by hash; near copies among the
 * claims sharing an LSH band, compared by exact trigram Jaccard.
 */
export async function assertNotDuplicate(db: Kysely<Database>, userId: number, indexed: IndexedText): Promise<void> {
  let matches: EarlierText[] = await findExactTexts(db, indexed.hash);
  if (matches.length === 0) {
    const grams = trigrams(indexed.text);
    matches = (await findBandCandidates(db, indexed.bandKeys)).filter(
      (earlier) => jaccard(grams, trigrams(earlier.text)) >= duplicateThreshold,
    );
  }
  if (matches.some((earlier) => earlier.userId !== userId)) {
    throw conflict(
      'DUPLICATE_CONTENT',
      'Another member has already claimed a post with the same or nearly the same text. Write your own post in your own words, then claim it.',
    );
  }
  if (matches.length > 0) throw alreadyClaimed();
}
