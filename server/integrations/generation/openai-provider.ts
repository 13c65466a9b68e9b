import { randomInt } from 'node:crypto';
import { brand } from '@shared/brand';
import type { GenerationLanguage } from '@shared/schemas/language';
import { lastCallState } from '../../platform/lib/upstream-state.js';
import { fetchJson } from '../http.js';
import { fitTweet } from './fit-tweet.js';
import { GenerationError, type GenerationProvider } from './provider.js';

// X counts a Chinese character as two, so a Chinese tweet has half as many characters to use.
const tweetLanguage: Record<GenerationLanguage, string> = {
  en: 'Write in English. Between 120 and 260 characters.',
  zh: 'Write in Simplified Chinese (简体中文), the way Chinese crypto Twitter writes; keep hashtags and the collection name in English. Between 50 and 110 Chinese characters.',
};

const memeLanguage: Record<GenerationLanguage, string> = {
  en: 'Write in English, at most 90 characters in all.',
  zh: 'Write in Simplified Chinese (简体中文), at most 40 Chinese characters in all.',
};

function tweetPrompt(language: GenerationLanguage, seed: number): string {
  return [
    `You write one tweet for holders of ${brand.collectionName}, a Bitcoin ordinals collection, and its token ${brand.tokenTicker}.`,
    tweetLanguage[language],
    varietyFor(seed),
    `Include the hashtags ${brand.productHashtag} and #BRC20.`,
    'No links, no quotes around the tweet, no financial promises. Answer with the tweet only.',
  ].join(' ');
}

// Many people send the same prompt; a model asked the same thing writes nearly the same tweet, which
// the duplicate-post check would then refuse to all but the first. Each request gets its own angle
// and voice (16 x 8), on top of the sampling temperature.
const angles = [
  'a personal story',
  'a question to the community',
  'a bold but honest opinion (no price promises)',
  'a light joke',
  'a comparison with the traditional art world',
  'a lesson you learned',
  'a tip for new collectors',
  'a small observation from your day',
  'a contrarian view',
  'a thank-you to the community',
  'a what-if scenario',
  'a short confession',
  'a nod to Bitcoin history',
  'a friendly challenge to the reader',
  'a before-and-after contrast',
  'a tiny scene, like a snapshot',
] as const;
const voices = ['calm', 'playful', 'excited', 'dry and witty', 'warm', 'matter-of-fact', 'poetic', 'like a friend texting'] as const;

/** The variety instruction of one request: the seed picks an angle and a voice. */
export function varietyFor(seed: number): string {
  const angle = angles[seed % angles.length]!;
  const voice = voices[Math.floor(seed / angles.length) % voices.length]!;
  return `Angle: ${angle}. Voice: ${voice}. Use your own words; do not copy the request's wording.`;
}

function memePrompt(language: GenerationLanguage): string {
  return [
    `You write a short, funny two-part meme caption for ${brand.collectionName}, squirrels on Bitcoin ordinals.`,
    'Answer as "TOP TEXT / BOTTOM TEXT", no hashtags, no mentions, no links.',
    memeLanguage[language],
  ].join(' ');
}

/**
 * The split rule halves a caption by words; Chinese has no spaces, so a Chinese caption without a
 * slash would all land on top. It is broken at the clause mark nearest its middle instead.
 */
function withBreak(caption: string): string {
  if (/[\n/ ]/.test(caption) || !/\p{Script=Han}/u.test(caption)) return caption;
  const chars = [...caption];
  if (chars.length < 4) return caption;
  const middle = chars.length / 2;
  const marks = chars.flatMap((char, i) => (/[，。！？；：、,.!?]/u.test(char) && i > 0 && i < chars.length - 1 ? [i] : []));
  const mark = marks.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0];
  // A break at a mark drops the mark: each half reads as its own line.
  const [top, bottom] = mark === undefined ? [Math.ceil(middle), Math.ceil(middle)] : [mark, mark + 1];
  return `${chars.slice(0, top).join('')} / ${chars.slice(bottom).join('')}`;
}

/** OpenAI-compatible chat completions; the answer is checked and repaired, or rejected. */
export function createOpenAiProvider(options: {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}): GenerationProvider {
  const lastCall = lastCallState();

  async function complete(system: string, user: string): Promise<string> {
    let body: unknown;
    try {
      body = await fetchJson(`${options.baseUrl}/chat/completions`, {
        method: 'POST',
        timeoutMs: options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.9,
          max_tokens: 200,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        }),
      });
    } catch (error) {
      lastCall.failed();
      throw new GenerationError('The text generator did not answer.', { cause: error });
    }
    lastCall.answered();
    const content = (body as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]?.message
      ?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new GenerationError('The text generator answered without text.');
    }
    return content.trim().replace(/^["“']+|["”']+$/g, '');
  }

  return {
    name: 'openai-compatible',
    upstreamState: lastCall.state,
    async tweet(prompt, language, seed = randomInt(2 ** 32)) {
      const cleaned = (await complete(tweetPrompt(language, seed), prompt)).replace(/https?:\/\/\S+/g, '');
      const tweet = fitTweet(cleaned, { language, seed });
      if (!tweet) throw new GenerationError('The generated text could not be made into a valid tweet.');
      return tweet;
    },
    async memeText({ theme, prompt, language }) {
      const caption = (await complete(memePrompt(language), `Theme: ${theme}.${prompt ? ` Idea: ${prompt}` : ''}`))
        .replace(/https?:\/\/\S+/g, '')
        .replace(/[#@]\S*/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (caption.length < 3 || caption.length > 160) throw new GenerationError('The generated caption does not fit a meme.');
      return withBreak(caption);
    },
  };
}
