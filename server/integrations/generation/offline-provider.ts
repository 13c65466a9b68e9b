import { brand } from '../../../shared/brand.js';
import { fitTweet } from './fit-tweet.js';
import { fallbackCaptions, memeCaptions } from './meme-captions.js';
import { GenerationError, type GenerationProvider } from './provider.js';
import { stableHash } from '../../lib/stable-hash.js';

const openings = [
  'Thinking about {topic} today.',
  'Hot take on {topic}:',
  'Quick thought on {topic}.',
  'Let us talk about {topic}.',
];

const middles = [
  `${brand.collectionName} holders know that patience is the real alpha on Bitcoin.`,
  `Every ${brand.tokenTicker} holder is part of a community that builds on Bitcoin itself.`,
  `${brand.collectionName} bring art, culture and a little squirrel energy to ordinals.`,
  `Bitcoin ordinals keep proving that culture lives on-chain, and ${brand.collectionName} are here for it.`,
];

/** Offline generator: no network, always a valid tweet built around the prompt. */
export function createOfflineProvider(): GenerationProvider {
  return {
    name: 'offline',
    async tweet(prompt) {
      const topic = prompt.replace(/\s+/g, ' ').trim().slice(0, 120) || brand.collectionName;
      const seed = stableHash(topic);
      const opening = openings[seed % openings.length]!.replace('{topic}', topic);
      const middle = middles[(seed >> 3) % middles.length]!;
      const tweet = fitTweet(`${opening} ${middle} ${brand.productHashtag} #BRC20 ${brand.collectionHashtag}`, seed);
      if (!tweet) throw new GenerationError('The offline generator could not fit the prompt into a tweet.');
      return tweet;
    },
    async memeText({ theme, prompt }) {
      const captions = memeCaptions[theme] ?? fallbackCaptions;
      const topic = prompt?.replace(/\s+/g, ' ').trim();
      const caption = captions[stableHash(`${theme}:${topic ?? ''}`) % captions.length]!;
      if (!topic) return caption;
      // The visitor's own words lead; the theme's punchline answers them.
      const punchline = caption.split(' / ')[1] ?? caption;
      return `${topic.slice(0, 120)} / ${punchline}`;
    },
  };
}
