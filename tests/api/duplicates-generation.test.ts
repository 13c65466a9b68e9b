import { describe, expect, it } from 'vitest';
import { indexedTextOf } from '../../server/features/claims/duplicate-check.js';
import { duplicateThreshold, jaccard, trigrams } from '../../server/features/claims/text-similarity.js';
import { checkTweet } from '../../shared/tweet-rules.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { useFakeUpstream } from '../helpers/fake-upstream.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

/**
 * Issue 13: two people asking the AI tab the same prompt must not get tweets the duplicate-post
 * check would refuse to the second. 200 generations of one prompt, every pair below the threshold.
 */

const generations = 200;
const noLimits = { GENERATION_LIMIT_PER_USER: '100000', GENERATION_LIMIT_PER_IP: '100000' };

let ctx: TestApp;
const llm = useFakeUpstream();

async function generate(prompt: string, language: 'en' | 'zh'): Promise<string[]> {
  const users = [await loginCookie(ctx.app, mainnetWallets.taproot), await loginCookie(ctx.app, mainnetWallets.segwitKey)];
  const tweets: string[] = [];
  // Twenty at a time: as many people asking at once, and quicker on a busy machine.
  for (let start = 0; start < generations; start += 20) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, (_, offset) => {
        const who = users[(start + offset) % users.length]!;
        return ctx.app.inject({
          method: 'POST',
          url: '/api/tweets/generate-custom',
          headers: { cookie: who.cookie },
          payload: { userId: who.userId, prompt, language },
        });
      }),
    );
    for (const response of batch) {
      expect(response.statusCode, response.body).toBe(200);
      tweets.push(response.json().tweetText);
    }
  }
  return tweets;
}

/** The most similar pair, as the duplicate check would judge the tweets posted. */
function closestPair(tweets: string[]): { similarity: number; pair: [string, string] } {
  const grams = tweets.map((tweet) => trigrams(indexedTextOf(tweet, null)?.text ?? ''));
  let closest = { similarity: 0, pair: ['', ''] as [string, string] };
  for (let i = 0; i < grams.length; i++) {
    for (let j = i + 1; j < grams.length; j++) {
      const similarity = jaccard(grams[i]!, grams[j]!);
      if (similarity > closest.similarity) closest = { similarity, pair: [tweets[i]!, tweets[j]!] };
    }
  }
  return closest;
}

describe('the offline generator', () => {
  for (const [language, prompt] of [
    ['en', 'ordinals summer'],
    ['en', 'why I keep holding my squirrels through the bear market and what ordinals mean for Bitcoin culture'],
    ['zh', '比特币减半'],
  ] as const) {
    it(`writes ${generations} tweets for "${prompt.slice(0, 24)}" (${language}) with no pair at or above the threshold`, async () => {
      ctx = await build(noLimits);
      const tweets = await generate(prompt, language);
      tweets.forEach((tweet) => expect(checkTweet(tweet).valid, tweet).toBe(true));
      // Every tweet is judged: none is short enough to skip the check.
      tweets.forEach((tweet) => expect(indexedTextOf(tweet, null), tweet).not.toBeNull());
      const { similarity, pair } = closestPair(tweets);
      expect(similarity, pair.join('\n')).toBeLessThan(duplicateThreshold);
    }, 120_000);
  }
});

describe('the LLM path', () => {
  it(`asks the model for a different angle and voice across ${generations} requests of one prompt`, async () => {
    ctx = await build({ ...noLimits, LLM_BASE_URL: llm.url, LLM_API_KEY: 'k', UPSTREAM_TIMEOUT_MS: '1000' });
    llm.set('/chat/completions', {
      kind: 'json',
      body: { choices: [{ message: { content: 'Squirrels stacking acorns on Bitcoin all winter long, and the ordinals crowd loves it. #ACORN #BRC20' } }] },
    });
    const before = llm.bodies('/chat/completions').length;
    await generate('ordinals summer', 'en');
    const systems = llm
      .bodies('/chat/completions')
      .slice(before)
      .map((body) => (JSON.parse(body) as { messages: Array<{ role: string; content: string }> }).messages[0]!.content);
    expect(systems).toHaveLength(generations);
    const varieties = systems.map((system) => system.match(/Angle: [^.]+\. Voice: [^.]+\./)?.[0]);
    expect(varieties.every(Boolean)).toBe(true);
    // 200 draws of 128 angle-and-voice pairs: about 100 different ones; far more than a handful.
    expect(new Set(varieties).size).toBeGreaterThan(64);
  }, 120_000);
});
