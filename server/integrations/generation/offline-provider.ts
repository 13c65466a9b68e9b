import { brand } from '../../../shared/brand.js';
import { stableHash } from '../../lib/stable-hash.js';
import { cutToWeight, fitTweet, joinSentences } from './fit-tweet.js';
import { fallbackCaptions, memeCaptions } from './meme-captions.js';
import { GenerationError, type GenerationProvider } from './provider.js';
import { tweetTemplates } from './tweet-templates.js';

/** Room for the visitor's words: weighted, so a Chinese topic gets half as many characters. */
const topicWeight = 120;

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
    async tweet(prompt, language) {
      const topic = cutToWeight(topicOf(prompt), topicWeight) || brand.collectionName;
      const seed = stableHash(topic);
      const { openings, middles } = tweetTemplates[language];
      const opening = openingFor(openings[seed % openings.length]!, topic);
      const middle = middles[(seed >>> 3) % middles.length]!;
      const tweet = fitTweet(joinSentences(opening, middle), { seed, language, extraTags: [brand.collectionHashtag] });
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
      return `${cutToWeight(topic, topicWeight)} / ${punchline}`;
    },
  };
}
