import { describe, expect, it } from 'vitest';
import { checkedText, minCheckedLength, normalizePostText } from '../../server/features/claims/post-text.js';
import { bandKeys, bands, duplicateThreshold, jaccard, textSimilarity, trigrams } from '../../server/features/claims/text-similarity.js';

const post =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';

describe('normalizePostText', () => {
  it('drops case, links, mentions, hashtags, emoji and punctuation, and folds whitespace', () => {
    expect(normalizePostText('GM   @Someone_1!! 🐿️🌰 Acorns\tare UP https://t.co/abc?x=1 www.acorn.example/a #ACORN #BRC2.0 #比特币')).toBe(
      'gm acorns are up',
    );
  });

  it('folds full-width and compatibility forms with NFKC', () => {
    expect(normalizePostText('ＡＣＯＲＮ ｓｑｕｉｒｒｅｌｓ ＃ＢＲＣ２０ ﬁne')).toBe('acorn squirrels fine');
  });

  it('removes emoji sequences whole: skin tones, flags, keycaps, joined families', () => {
    expect(normalizePostText('hi 👋🏽 🇨🇳 1️⃣ 👨‍👩‍👧 there')).toBe('hi 1 there');
  });

  it('keeps Chinese text, numbers and accented letters', () => {
    expect(normalizePostText('松鼠在比特币上囤橡果，2024 年！Café')).toBe('松鼠在比特币上囤橡果 2024 年 café');
  });
});

describe('checkedText', () => {
  it(`skips texts shorter than ${minCheckedLength} characters once normalized`, () => {
    expect(checkedText('gm frens 🐿️ #ACORN #BRC20 https://acorn.example/meme/abc')).toBeNull();
    expect(checkedText(post)).toBe(normalizePostText(post));
  });

  it("leaves the meme's own caption out, so a meme post as shared is too short to judge", () => {
    const caption = 'They said sell / the squirrel said HODL and kept stacking acorns';
    expect(checkedText(`${caption} #ACORN #BRC20 #AcornSquirrels\nhttps://acorn.example/meme/abc`, caption)).toBeNull();
    expect(checkedText(`${caption} ${post}`, caption)).toBe(normalizePostText(post));
  });
});

describe('similarity', () => {
  it('is 1 for copies that differ only in case, hashtags, links and emoji', () => {
    const copy = `🔥 ${post.toUpperCase().replace('#BRC20', '#BRC2.0 #wagmi')} https://t.co/xyz`;
    expect(textSimilarity(normalizePostText(post), normalizePostText(copy))).toBe(1);
  });

  it('stays at or above the threshold for a light paraphrase', () => {
    const paraphrase = 'Squirrels keep stacking acorns on Bitcoin all winter long. The ordinals community never sleeps, and neither do I.';
    expect(textSimilarity(normalizePostText(post), normalizePostText(paraphrase))).toBeGreaterThanOrEqual(duplicateThreshold);
  });

  it('falls well below the threshold for a different post on the same theme', () => {
    const other = 'Bitcoin fees are spiking again and my squirrels do not care at all. Long term holders keep building on ordinals. #ACORN #BRC20';
    expect(textSimilarity(normalizePostText(post), normalizePostText(other))).toBeLessThan(0.5);
  });

  it('counts trigrams by code point and handles tiny texts', () => {
    expect(trigrams('比特币上')).toEqual(new Set(['比特币', '特币上']));
    expect(trigrams('ab')).toEqual(new Set(['ab']));
    expect(jaccard(new Set(), new Set())).toBe(1);
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3);
  });
});

/** A word-level edit of a text: the kind of rewording a farmer does to dodge an exact match. */
function reword(text: string, seed: number): string {
  const words = text.split(' ');
  let state = seed;
  const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const i = Math.floor(next() * words.length);
  if (next() < 0.5) words[i] = `${words[i]}s`;
  else words.splice(i, 0, 'really');
  return words.join(' ');
}

describe('LSH band keys', () => {
  it(`gives ${bands} keys, the same for the same text`, () => {
    const keys = bandKeys(normalizePostText(post));
    expect(keys).toHaveLength(bands);
    expect(new Set(keys).size).toBe(bands);
    expect(bandKeys(normalizePostText(post))).toEqual(keys);
  });

  it('makes every near copy at or above the threshold share a band with the original', () => {
    const original = normalizePostText(post);
    const keys = new Set(bandKeys(original));
    let near = 0;
    for (let seed = 1; seed <= 300; seed++) {
      let copy = original;
      for (let edits = 0; edits <= seed % 3; edits++) copy = reword(copy, seed * 31 + edits);
      if (textSimilarity(original, copy) < duplicateThreshold) continue;
      near++;
      expect(bandKeys(copy).some((key) => keys.has(key)), copy).toBe(true);
    }
    expect(near).toBeGreaterThan(100);
  });

  it('rarely makes texts far below the threshold share a band', () => {
    const vocabulary = 'acorn squirrel bitcoin ordinal block forest winter stack hold build meme chart fee miner wallet art culture patience season token community dig tree nut gm frens moon sats rune inscribe hash night morning market'.split(' ');
    let state = 7;
    const pick = () => vocabulary[((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8) % vocabulary.length]!;
    const texts = Array.from({ length: 200 }, () => Array.from({ length: 14 }, pick).join(' '));
    const keys = texts.map((text) => new Set(bandKeys(text)));
    const grams = texts.map(trigrams);
    let pairs = 0;
    let candidates = 0;
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (jaccard(grams[i]!, grams[j]!) >= 0.3) continue;
        pairs++;
        if ([...keys[i]!].some((key) => keys[j]!.has(key))) candidates++;
      }
    }
    expect(pairs).toBeGreaterThan(10_000);
    expect(candidates / pairs).toBeLessThan(0.01);
  });
});
