import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { splitMemeText } from '../../shared/meme-text.js';
import { memeThemes } from '../../shared/schemas/memes.js';
import type { GenerationLanguage } from '../../shared/schemas/language.js';
import { checkTweet } from '../../shared/tweet-rules.js';
import { renderMeme } from '../../server/features/memes/render-meme.js';
import { fitTweet } from '../../server/integrations/generation/fit-tweet.js';
import { createOfflineProvider } from '../../server/integrations/generation/offline-provider.js';

const hanCount = (text: string): number => text.match(/\p{Script=Han}/gu)?.length ?? 0;

const topics = [
  '比特币减半',
  '铭文的下一波行情',
  'BRC-20 还能不能冲',
  '熊市里怎么囤币',
  'winter is coming for squirrels',
  'ordinals summer',
  '为什么我一直拿着松鼠不卖？',
  'gm',
  '🐿️🌰',
  '手续费又涨了!!!',
];
const extras = [' $& $1','', '，再说一遍', ' https://example.com/some/long/path?q=1', ' #ACORN', ' #BRC20 #比特币', ' @someone', '。。。', ' and more words'];

/** 200 different prompts: short, long, Chinese, English, URLs, hashtags, mentions, emoji, punctuation. */
function prompts(): string[] {
  const seen = new Set<string>(['？？？', '   ', '长'.repeat(500), 'x'.repeat(500)]);
  for (let i = 0; seen.size < 200; i++) {
    const topic = topics[i % topics.length]!;
    const extra = extras[Math.floor(i / topics.length) % extras.length]!;
    const prompt = `${topic.repeat(i % 7 === 0 ? 40 : 1 + (i % 5))}${extra}`.slice(0, 500);
    seen.add(seen.has(prompt) ? `${prompt} ${i}` : prompt);
  }
  return [...seen];
}

describe('offline tweets', () => {
  const provider = createOfflineProvider();

  it('writes 200 different prompts as Chinese tweets that pass the tweet rules', async () => {
    const list = prompts();
    const tweets = await Promise.all(list.map((prompt) => provider.tweet(prompt, 'zh')));
    tweets.forEach((tweet) => {
      expect(checkTweet(tweet), tweet).toMatchObject({ valid: true });
      // Many of the prompts have no Chinese at all: the Chinese comes from the template.
      expect(hanCount(tweet), tweet).toBeGreaterThanOrEqual(20);
    });
    expect(list.filter((prompt) => hanCount(prompt) === 0).length).toBeGreaterThan(50);
    expect(new Set(tweets).size).toBeGreaterThan(150);
  });

  it('still writes 200 different prompts, Chinese ones included, as valid English tweets', async () => {
    const list = prompts();
    const tweets = await Promise.all(list.map((prompt) => provider.tweet(prompt, 'en')));
    tweets.forEach((tweet, i) => {
      expect(checkTweet(tweet), tweet).toMatchObject({ valid: true });
      expect(hanCount(tweet), tweet).toBeLessThanOrEqual(hanCount(list[i]!));
      expect(tweet).not.toContain('undefined');
    });
  });

  it('gives the same tweet for the same seed, and a new one each call without a seed', async () => {
    expect(await provider.tweet('比特币减半', 'zh', 7)).toBe(await provider.tweet('比特币减半', 'zh', 7));
    expect(await provider.tweet('比特币减半', 'zh', 7)).not.toBe(await provider.tweet('比特币减半', 'en', 7));
    expect(await provider.tweet('比特币减半', 'zh')).not.toBe(await provider.tweet('比特币减半', 'zh'));
  });

  it("keeps the visitor's words as written, question marks and dollar signs included", async () => {
    expect(await provider.tweet('为什么我一直拿着松鼠不卖？', 'zh')).toContain('为什么我一直拿着松鼠不卖？');
    expect(await provider.tweet('为什么我一直拿着松鼠不卖？', 'zh')).not.toMatch(/？[。：]/);
    expect(await provider.tweet('pay $& later', 'en')).toContain('pay $& later');
  });

  it('keeps the hashtags apart from Chinese text so X reads them as tags', async () => {
    const tweet = await provider.tweet('铭文', 'zh');
    expect(tweet).toMatch(/ #ACORN( |$)/);
    expect(tweet).toMatch(/ #BRC20( |$)/);
  });
});

describe('fitTweet in Chinese', () => {
  it('pads a short Chinese answer with Chinese lines, keeping the tags last', () => {
    const tweet = fitTweet('松鼠在比特币上囤橡果。', { seed: 3, language: 'zh' })!;
    expect(checkTweet(tweet).valid).toBe(true);
    expect(hanCount(tweet)).toBeGreaterThan(30);
    expect(tweet).toMatch(/ #ACORN #BRC20$/);
  });

  it('cuts a long Chinese answer at a sentence end and keeps the tags', () => {
    const tweet = fitTweet('松鼠在比特币上囤橡果，一颗接一颗。'.repeat(20), { language: 'zh' })!;
    expect(checkTweet(tweet).valid).toBe(true);
    expect(tweet).toMatch(/[。！？…] #ACORN #BRC20$/);
  });
});

describe('offline meme captions', () => {
  const provider = createOfflineProvider();
  const cases = memeThemes.flatMap((theme) =>
    // Nineteen prompts spread over every topic and every extra (URLs, tags, mentions).
    [null, ...Array.from({ length: 19 }, (_, i) => prompts()[i * 10 + (i % 10)]!)].map((prompt) => ({ theme, prompt: prompt?.trim() || null })),
  );

  async function captions(language: GenerationLanguage) {
    return Promise.all(cases.map((input) => provider.memeText({ ...input, language })));
  }

  it('writes Chinese captions for 200 theme and prompt pairs that split into a top and a bottom', async () => {
    expect(cases).toHaveLength(200);
    for (const caption of await captions('zh')) {
      const { top, bottom } = splitMemeText(caption);
      expect(top, caption).not.toBe('');
      expect(bottom, caption).not.toBe('');
      expect(hanCount(bottom), caption).toBeGreaterThanOrEqual(2);
    }
  });

  it('writes the theme punchlines alone in Chinese when there is no prompt', async () => {
    for (const theme of memeThemes) {
      const caption = await provider.memeText({ theme, prompt: null, language: 'zh' });
      expect(caption).toMatch(/^[^#@\n/]+ \/ [^#@\n/]+$/);
      expect(hanCount(caption), caption).toBeGreaterThanOrEqual(6);
      expect(caption).toBe(await provider.memeText({ theme, prompt: null, language: 'zh' }));
    }
  });

  it('renders the longest Chinese caption inside the caption bands', async () => {
    const all = await captions('zh');
    const longest = all.reduce((a, b) => (b.length > a.length ? b : a));
    const background = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2a6b4a' } })
      .png()
      .toBuffer();
    const png = await renderMeme({ background, ...splitMemeText(longest) });
    const rows = async (top: number, height: number) => {
      const { data } = await sharp(png).extract({ left: 0, top, width: 1200, height }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let ink = 0;
      for (let i = 0; i < data.length; i += 3) {
        if (Math.abs(data[i]! - 0x2a) + Math.abs(data[i + 1]! - 0x6b) + Math.abs(data[i + 2]! - 0x4a) > 60) ink++;
      }
      return ink;
    };
    expect(await rows(20, 150)).toBeGreaterThan(1000);
    expect(await rows(460, 150)).toBeGreaterThan(1000);
    expect(await rows(240, 150)).toBe(0);
  });
});
