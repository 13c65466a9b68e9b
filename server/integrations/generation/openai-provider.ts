import { brand } from '../../../shared/brand.js';
import { fetchJson } from '../http.js';
import { fitTweet } from './fit-tweet.js';
import { GenerationError, type GenerationProvider } from './provider.js';

const systemPrompt = [
  `You write one tweet for holders of ${brand.collectionName}, a Bitcoin ordinals collection, and its token ${brand.tokenTicker}.`,
  `Between 120 and 260 characters. Include the hashtags ${brand.productHashtag} and #BRC20.`,
  'No links, no quotes around the tweet, no financial promises. Answer with the tweet only.',
].join(' ');

const memeSystemPrompt = [
  `You write a short, funny two-part meme caption for ${brand.collectionName}, squirrels on Bitcoin ordinals.`,
  'Answer as "TOP TEXT / BOTTOM TEXT", at most 90 characters in all, no hashtags, no mentions, no links.',
].join(' ');

/** OpenAI-compatible chat completions; the answer is checked and repaired, or rejected. */
export function createOpenAiProvider(options: {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}): GenerationProvider {
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
      throw new GenerationError('The text generator did not answer.', { cause: error });
    }
    const content = (body as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]?.message
      ?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new GenerationError('The text generator answered without text.');
    }
    return content.trim().replace(/^["“']+|["”']+$/g, '');
  }

  return {
    name: 'openai-compatible',
    async tweet(prompt) {
      const cleaned = (await complete(systemPrompt, prompt)).replace(/https?:\/\/\S+/g, '');
      const tweet = fitTweet(cleaned);
      if (!tweet) throw new GenerationError('The generated text could not be made into a valid tweet.');
      return tweet;
    },
    async memeText({ theme, prompt }) {
      const caption = (await complete(memeSystemPrompt, `Theme: ${theme}.${prompt ? ` Idea: ${prompt}` : ''}`))
        .replace(/https?:\/\/\S+/g, '')
        .replace(/[#@]\S*/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (caption.length < 3 || caption.length > 160) throw new GenerationError('The generated caption does not fit a meme.');
      return caption;
    },
  };
}
