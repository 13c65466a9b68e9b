import { tweetLength } from '@shared/app-limits';
import { brand } from '@shared/brand';
import type { GenerationLanguage } from '@shared/schemas/language';
import { checkTweet, hasBrc20Hashtag, hasProductHashtag, weightedLength } from '@shared/tweet-rules';

const closers: Record<GenerationLanguage, readonly string[]> = {
  en: [
    'Ordinals culture is built one block at a time.',
    'Stack sats, hold your squirrels, stay curious.',
    'The community keeps the acorns coming.',
    'Bitcoin-native art deserves Bitcoin-native fun.',
  ],
  zh: [
    '铭文文化，是一个区块一个区块垒起来的。',
    '囤好聪，拿稳松鼠，保持好奇。',
    '社区一直在，橡果就一直来。',
    '比特币原生的艺术，值得比特币原生的快乐。',
  ],
};

// Chinese has no spaces between words: a sentence or clause mark is where it may be cut.
const sentenceEnd = /[。！？]/gu;
const boundary = /[\s。！？，；：、…]/gu;
const clauseMark = /[，；：、]$/u;
const closesSentence = /[。！？，；：、…]$/u;

/** Where `text` may end at the latest: before a space, or after a punctuation mark. */
function lastBoundary(text: string, marks: RegExp): number {
  const ends = [...text.matchAll(marks)].map((match) => match.index + (/\s/u.test(match[0]) ? 0 : match[0].length));
  return ends.at(-1) ?? 0;
}

/** Cuts text to at most `limit` weighted characters, at a sentence, clause or word end when one is near. */
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
  const near = (end: number) => end > cut.length * 0.6;
  const end = [lastBoundary(cut, sentenceEnd), lastBoundary(cut, boundary)].find(near);
  // A cut after a comma reads as unfinished; an ellipsis (same weight) says so on purpose.
  return (end === undefined ? cut : cut.slice(0, end)).trimEnd().replace(clauseMark, '…');
}

/** Joins two sentences: Chinese punctuation needs no space after it, anything else does. */
export function joinSentences(first: string, second: string): string {
  if (!first) return second;
  return closesSentence.test(first) ? `${first}${second}` : `${first} ${second}`;
}

export interface FitOptions {
  /** Picks the closing lines used to pad a short draft. */
  seed?: number;
  /** The language of the closing lines. */
  language?: GenerationLanguage;
  /** Hashtags (letters and digits only) to add at the end besides the required ones, when the draft lacks them. */
  extraTags?: readonly string[];
}

/**
 * Repairs a draft into a tweet that passes the rules: adds missing hashtags at the end, pads a short
 * one with closing lines, trims a long one at a word boundary. Returns null when no repair fits.
 */
export function fitTweet(draft: string, { seed = 0, language = 'en', extraTags = [] }: FitOptions = {}): string | null {
  const missing = [
    hasProductHashtag(draft) ? null : brand.productHashtag,
    hasBrc20Hashtag(draft) ? null : '#BRC20',
    ...extraTags.filter((tag) => !new RegExp(`${tag}(?![\\p{L}\\p{N}_])`, 'iu').test(draft)),
  ].filter((tag): tag is string => tag !== null);
  // A space keeps each tag apart from the text before it, which X needs to see a hashtag.
  const suffix = missing.length ? ` ${missing.join(' ')}` : '';
  const room = tweetLength.max - weightedLength(suffix);
  let body = cutToWeight(draft.replace(/\s+/g, ' ').trim(), room);
  const lines = closers[language];
  for (let i = 0; weightedLength(body + suffix) < tweetLength.min && i < lines.length; i++) {
    body = joinSentences(body, lines[(seed + i) % lines.length]!);
  }
  const tweet = cutToWeight(body, room) + suffix;
  return checkTweet(tweet).valid ? tweet : null;
}
