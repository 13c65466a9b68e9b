import { describe, expect, it } from 'vitest';
import { checkTweet, tweetProblem, weightedLength } from '../../shared/tweet-rules.js';
import { tweetIdFromUrl } from '../../shared/tweet-url.js';

const filler = (length: number) => 'a'.repeat(length);

describe('tweet rules', () => {
  it('counts length the way X does: URLs as 23, CJK as 2', () => {
    expect(weightedLength('hello')).toBe(5);
    expect(weightedLength('https://example.com/a/very/long/path/that/is/much/longer/than/23')).toBe(23);
    expect(weightedLength('橡果')).toBe(4);
  });

  it('accepts 100 to 280 weighted characters with both hashtags', () => {
    const tags = ' #ACORN #BRC20';
    expect(checkTweet(filler(100 - tags.length) + tags).valid).toBe(true);
    expect(checkTweet(filler(280 - tags.length) + tags).valid).toBe(true);
    expect(checkTweet(filler(99 - tags.length) + tags).tooShort).toBe(true);
    expect(checkTweet(filler(281 - tags.length) + tags).tooLong).toBe(true);
  });

  it('refuses 281 weighted characters even when fewer code points (CJK)', () => {
    const text = `${'橡'.repeat(134)} #ACORN #BRC20`;
    expect(text.length).toBeLessThan(281);
    expect(checkTweet(text)).toMatchObject({ length: 282, tooLong: true, valid: false });
  });

  it('finds the hashtags in any case, with #BRC2.0 as an alternative', () => {
    expect(checkTweet('#acorn #brc2.0').productHashtag).toBe(true);
    expect(checkTweet('#acorn #brc2.0').brc20Hashtag).toBe(true);
    expect(checkTweet('#ACORNS #BRC200').productHashtag).toBe(false);
    expect(checkTweet('#ACORNS #BRC200').brc20Hashtag).toBe(false);
  });

  it('words problems as the AI tab does', () => {
    expect(tweetProblem('short #ACORN #BRC20')).toBe('Tweet must be at least 100 characters (currently 19)');
    expect(tweetProblem(`${filler(290)}`)).toBe('Tweet exceeds 280 character limit (currently 290)');
    expect(tweetProblem(`${filler(120)} #BRC20`)).toBe('Tweet must include #ACORN');
  });
});

describe('tweet URLs', () => {
  it('extracts the status id on x.com and twitter.com', () => {
    expect(tweetIdFromUrl('https://x.com/acorn_fan/status/1790000000000000001')).toBe('1790000000000000001');
    expect(tweetIdFromUrl('https://twitter.com/acorn_fan/status/42?s=20')).toBe('42');
    expect(tweetIdFromUrl('https://mobile.twitter.com/i/web/status/42')).toBe('42');
  });

  it('refuses other hosts, look-alikes and URLs without a status id', () => {
    expect(tweetIdFromUrl('https://evil.com/x.com/status/42')).toBeNull();
    expect(tweetIdFromUrl('https://x.com.evil.com/a/status/42')).toBeNull();
    expect(tweetIdFromUrl('https://x.com/acorn_fan')).toBeNull();
    expect(tweetIdFromUrl('javascript:alert(1)//x.com/a/status/1')).toBeNull();
    expect(tweetIdFromUrl('not a url')).toBeNull();
  });
});
