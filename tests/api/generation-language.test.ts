import { describe, expect, it } from 'vitest';
import { splitMemeText } from '../../shared/meme-text.js';
import { checkTweet } from '../../shared/tweet-rules.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { useFakeUpstream } from '../helpers/fake-upstream.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const hanCount = (text: string): number => text.match(/\p{Script=Han}/gu)?.length ?? 0;

let ctx: TestApp;
const llm = useFakeUpstream();

async function ask(url: string, payload: (userId: number) => Record<string, unknown>) {
  const session = await loginCookie(ctx.app, mainnetWallets.taproot);
  return ctx.app.inject({ method: 'POST', url, headers: { cookie: session.cookie }, payload: payload(session.userId) });
}

const tweet = (body: Record<string, unknown>) =>
  ask('/api/tweets/generate-custom', (userId) => ({ prompt: 'ordinals summer', userId, ...body }));
const meme = (body: Record<string, unknown>) =>
  ask('/api/memes/generate', (userId) => ({ userId, theme: 'hodl_gang', customPrompt: null, templateId: 1, ...body }));

/** The system and user messages the LLM was sent last. */
function lastPrompt(): string {
  const bodies = llm.bodies('/chat/completions');
  const body = JSON.parse(bodies.at(-1) ?? '{}') as { messages?: Array<{ content: string }> };
  return (body.messages ?? []).map((message) => message.content).join('\n');
}

describe('offline generation in the reader language', () => {
  it('writes a Chinese tweet that passes the tweet rules when the request asks for zh', async () => {
    ctx = await build();
    const response = await tweet({ language: 'zh' });
    expect(response.statusCode).toBe(200);
    const { tweetText } = response.json() as { tweetText: string };
    expect(checkTweet(tweetText).valid).toBe(true);
    // The prompt is English: every Chinese character comes from the Chinese template.
    expect(hanCount(tweetText)).toBeGreaterThanOrEqual(20);
  });

  it('writes English when no language is sent, and refuses a language it does not know', async () => {
    ctx = await build();
    const response = await tweet({});
    expect(response.statusCode).toBe(200);
    expect(hanCount(response.json().tweetText)).toBe(0);
    expect((await tweet({ language: 'fr' })).statusCode).toBe(400);
  });

  it('writes a Chinese meme caption with a top and a bottom when the request asks for zh', async () => {
    ctx = await build();
    const response = await meme({ language: 'zh' });
    expect(response.statusCode).toBe(200);
    const { top, bottom } = splitMemeText(response.json().memeText);
    expect(hanCount(top)).toBeGreaterThan(0);
    expect(hanCount(bottom)).toBeGreaterThan(0);
  });
});

describe('OpenAI-compatible generation in the reader language', () => {
  it('asks the LLM for Simplified Chinese and repairs its Chinese answer into a valid tweet', async () => {
    ctx = await build({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'k', UPSTREAM_TIMEOUT_MS: '1000' });
    llm.set('/chat/completions', {
      kind: 'json',
      body: { choices: [{ message: { content: '松鼠在比特币上囤橡果，一颗接一颗，熊市也不停。' } }] },
    });

    const english = await tweet({ language: 'en' });
    expect(english.statusCode).toBe(200);
    expect(lastPrompt()).toMatch(/Write in English/);
    expect(lastPrompt()).not.toMatch(/Chinese/);

    const chinese = await tweet({ language: 'zh' });
    expect(chinese.statusCode).toBe(200);
    expect(lastPrompt()).toMatch(/Write in Simplified Chinese/);
    const { tweetText } = chinese.json() as { tweetText: string };
    expect(checkTweet(tweetText).valid).toBe(true);
    // Padded with Chinese lines, not English ones.
    expect(tweetText).not.toMatch(/[A-Za-z]{3,} [a-z]{3,}/);
  });

  it('asks for a Chinese meme caption and breaks an unbroken Chinese answer into a top and a bottom', async () => {
    ctx = await build({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'k', UPSTREAM_TIMEOUT_MS: '1000' });
    llm.set('/chat/completions', { kind: 'json', body: { choices: [{ message: { content: '凌晨三点还在盯K线，依然看多橡果' } }] } });
    const response = await meme({ language: 'zh', customPrompt: '熬夜看盘' });
    expect(response.statusCode).toBe(200);
    expect(lastPrompt()).toMatch(/Write in Simplified Chinese/);
    expect(lastPrompt()).toMatch(/熬夜看盘/);
    expect(splitMemeText(response.json().memeText)).toEqual({ top: '凌晨三点还在盯K线', bottom: '依然看多橡果' });

    llm.set('/chat/completions', { kind: 'json', body: { choices: [{ message: { content: 'HODL!!' } }] } });
    const english = await meme({ language: 'en' });
    expect(lastPrompt()).toMatch(/Write in English/);
    expect(english.json().memeText).toBe('HODL!!');
  });

  it('still rejects an answer that cannot be made into a tweet, in Chinese too', async () => {
    ctx = await build({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'k', UPSTREAM_TIMEOUT_MS: '1000' });
    llm.set('/chat/completions', { kind: 'json', body: { choices: [{ message: { content: '   ' } }] } });
    const response = await tweet({ language: 'zh' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('GENERATION_FAILED');
  });
});
