import twitterText from 'twitter-text';
import { tweetLength } from './app-limits.js';
import { brand } from './brand.js';

/**
 * Tweet rules of SPEC section 5, shared by the composer and the server. Length is X's weighted
 * length (twitter-text: URLs count 23, CJK characters 2), so what the app accepts X accepts.
 */
export function weightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

// A hashtag ends where X ends it: at the first character that cannot be part of a tag.
const tagEnd = '(?![\\p{L}\\p{N}_])';
const productTag = new RegExp(`${brand.productHashtag}${tagEnd}`, 'iu');
const brc20Tag = new RegExp(`#BRC2\\.?0${tagEnd}`, 'iu');

export const hasProductHashtag = (text: string): boolean => productTag.test(text);
export const hasBrc20Hashtag = (text: string): boolean => brc20Tag.test(text);

export interface TweetCheck {
  length: number;
  lengthOk: boolean;
  tooShort: boolean;
  tooLong: boolean;
  productHashtag: boolean;
  brc20Hashtag: boolean;
  valid: boolean;
}

/** The live checklist of the composer and the server's acceptance rule, in one place. */
export function checkTweet(text: string): TweetCheck {
  const length = weightedLength(text);
  const tooShort = length < tweetLength.min;
  const tooLong = length > tweetLength.max;
  const productHashtag = hasProductHashtag(text);
  const brc20Hashtag = hasBrc20Hashtag(text);
  return {
    length,
    lengthOk: !tooShort && !tooLong,
    tooShort,
    tooLong,
    productHashtag,
    brc20Hashtag,
    valid: !tooShort && !tooLong && productHashtag && brc20Hashtag,
  };
}

/** The first broken rule, worded as the AI tab words it (SPEC section 5); null when the text is fine. */
export function tweetProblem(text: string): string | null {
  const check = checkTweet(text);
  if (check.tooShort) return `Tweet must be at least ${tweetLength.min} characters (currently ${check.length})`;
  if (check.tooLong) return `Tweet exceeds ${tweetLength.max} character limit (currently ${check.length})`;
  if (!check.productHashtag) return `Tweet must include ${brand.productHashtag}`;
  if (!check.brc20Hashtag) return 'Tweet must include #BRC20 or #BRC2.0';
  return null;
}
