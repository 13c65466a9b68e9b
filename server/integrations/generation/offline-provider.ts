import { randomInt } from 'node:crypto';
import { tweetLength } from '@shared/app-limits';
import { brand } from '@shared/brand';
import type { GenerationLanguage } from '@shared/schemas/language';
import { weightedLength } from '@shared/tweet-rules';
import { stableHash } from '../../platform/lib/stable-hash.js';
import { cutToWeight, fitTweet, joinSentences } from './fit-tweet.js';
import { fallbackCaptions, memeCaptions } from './meme-captions.js';
import { GenerationError, type GenerationProvider } from './provider.js';
import { tweetTemplates } from './tweet-templates.js';

/** Room for the visitor's words at most: weighted, so a Chinese topic gets half as many characters. */
const topicWeight = 90;
const captionTopicWeight = 120;
/** …and at least: below this, two sentences instead of three. */
const minTopicWeight = 40;
const tagsWeight = weightedLength(` ${brand.productHashtag} #BRC20 ${brand.collectionHashtag}`);

/** Mulberry32: a small PRNG, so one seed gives one tweet (tests) and a random seed a fresh one. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * Sentences of subject, predicate and tail, no part used twice in a tweet: three when they leave
 * the topic `minTopicWeight`, else two. Trigram similarity ignores order, so what makes two tweets
 * differ is which parts they use, and with three of each that is rarely the same.
 */
function sentencesFor(language: GenerationLanguage, random: () => number, room: number): string {
  const { subjects, predicates, tails } = tweetTemplates[language];
  const draw = (list: readonly string[], used: Set<string>) => {
    const left = list.filter((part) => !used.has(part));
    const part = left[Math.floor(random() * left.length)]!;
    used.add(part);
    return part;
  };
  const used = new Set<string>();
  const sentence = () => {
    const parts = [draw(subjects, used), draw(predicates, used), draw(tails, used)];
    return language === 'zh' ? parts.join('') : parts.join(' ');
  };
  const two = joinSentences(sentence(), sentence());
  const three = joinSentences(two, sentence());
  return weightedLength(three) <= room ? three : two;
}

/** The prompt as one line, without a trailing full stop or comma: the template ends the sentence. */
function topicOf(prompt: string): string {
  return prompt.replace(/\s+/g, ' ').trim().replace(/[\s.,;:。，；：、]+$/u, '');
}

/** The opening with the topic in it; a topic ending in ? or ! keeps its mark instead of the template's. */
function openingFor(template: string, topic: string): string {
  const own = /[?!？！…]$/u.test(topic) ? template.replace(/\{topic\}[.:。：]/u, '{topic}') : template;
  // A function, so a $ in the visitor's words is not read as a replacement pattern.
  return own.replace('{topic}', () => topic);
}

/** Offline generator: no network, always a valid tweet built around the prompt, in the asked language. */
export function createOfflineProvider(): GenerationProvider {
  return {
    name: 'offline',
    async tweet(prompt, language, seed = randomInt(2 ** 32)) {
      const random = randomFrom(seed);
      const template = tweetTemplates[language].openings[Math.floor(random() * tweetTemplates[language].openings.length)]!;
      const frame = weightedLength(template.replace('{topic}', '')) + tagsWeight + 1;
      // The sentences come first: they make the tweet this user's own; the topic gets the rest.
      const sentences = sentencesFor(language, random, tweetLength.max - frame - minTopicWeight - 1);
      const room = Math.min(topicWeight, Math.max(minTopicWeight, tweetLength.max - frame - weightedLength(sentences) - 1));
      const topic = cutToWeight(topicOf(prompt), room) || brand.collectionName;
      const opening = openingFor(template, topic);
      const tweet = fitTweet(joinSentences(opening, sentences), { seed, language, extraTags: [brand.collectionHashtag] });
      if (!tweet) throw new GenerationError('The offline generator could not fit the prompt into a tweet.');
      return tweet;
    },
    async memeText({ theme, prompt, language }) {
      const captions = memeCaptions[language][theme] ?? fallbackCaptions[language];
      // Links are noise on an image, and a # or @ would end the caption (the meme text split rule).
      const topic = prompt?.replace(/https?:\/\/\S+/g, '').replace(/[#@]/g, '').replace(/\s+/g, ' ').trim();
      const caption = captions[stableHash(`${theme}:${topic ?? ''}`) % captions.length]!;
      if (!topic) return caption;
      // The visitor's own words lead; the theme's punchline answers them.
      const punchline = caption.split(' / ')[1] ?? caption;
      return `${cutToWeight(topic, captionTopicWeight)} / ${punchline}`;
    },
  };
}
