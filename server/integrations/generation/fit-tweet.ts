import { tweetLength } from '../../../shared/app-limits.js';
import { brand } from '../../../shared/brand.js';
import { checkTweet, hasBrc20Hashtag, hasProductHashtag, weightedLength } from '../../../shared/tweet-rules.js';

const closers = [
  'Ordinals culture is built one block at a time.',
  'Stack sats, hold your squirrels, stay curious.',
  'The community keeps the acorns coming.',
  'Bitcoin-native art deserves Bitcoin-native fun.',
];

/** Cuts text to at most `limit` weighted characters, at a word boundary when one is near. */
export function cutToWeight(text: string, limit: number): string {
  if (weightedLength(text) <= limit) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (weightedLength(chars.slice(0, mid).join('')) <= limit) low = mid;
    else high = mid - 1;
  }
  const cut = chars.slice(0, low).join('');
  const space = cut.lastIndexOf(' ');
  return (space > cut.length * 0.6 ? cut.slice(0, space) : cut).trimEnd();
}

/**
 * Repairs a draft into a tweet that passes the rules: adds missing hashtags, pads a short one with
 * a closing line, trims a long one at a word boundary. Returns null when no repair fits.
 */
export function fitTweet(draft: string, seed = 0): string | null {
  const missing = [
    hasProductHashtag(draft) ? null : brand.productHashtag,
    hasBrc20Hashtag(draft) ? null : '#BRC20',
  ].filter((tag): tag is string => tag !== null);
  const suffix = missing.length ? ` ${missing.join(' ')}` : '';
  let body = cutToWeight(draft.replace(/\s+/g, ' ').trim(), tweetLength.max - weightedLength(suffix));
  for (let i = 0; weightedLength(body + suffix) < tweetLength.min && i < closers.length; i++) {
    body = `${body} ${closers[(seed + i) % closers.length]}`.trim();
  }
  const tweet = cutToWeight(body, tweetLength.max - weightedLength(suffix)) + suffix;
  return checkTweet(tweet).valid ? tweet : null;
}
