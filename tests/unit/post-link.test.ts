import { describe, expect, it } from 'vitest';
import { linkablePostUrl, tweetIdFromUrl } from '../../shared/tweet-url.js';

describe('linkablePostUrl', () => {
  it.each([
    'https://x.com/acorn/status/1790000000000000001',
    'https://twitter.com/acorn/status/1790000000000000001',
    'https://www.x.com/acorn/status/1',
    'https://mobile.twitter.com/acorn/status/1',
    'https://X.COM/acorn/status/1',
    'https://x.com/i/web/status/1',
  ])('links the https: post URL %s', (raw) => {
    expect(linkablePostUrl(raw)).toBe(new URL(raw).href);
  });

  it('links the trimmed, normalised address', () => {
    expect(linkablePostUrl('  https://X.com/acorn/status/1  ')).toBe('https://x.com/acorn/status/1');
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(document.domain)'],
    ['a javascript: URL naming the host', 'javascript://x.com/%0Aalert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a vbscript: URL', 'vbscript:msgbox(1)'],
    ['plain http', 'http://x.com/acorn/status/1'],
    ['another host', 'https://evil.example/acorn/status/1'],
    ['a look-alike host', 'https://x.com.evil.example/acorn/status/1'],
    ['a host ending in the name', 'https://notx.com/acorn/status/1'],
    ['a subdomain other than www. and mobile.', 'https://api.x.com/acorn/status/1'],
    ['credentials before another host', 'https://x.com@evil.example/status/1'],
    ['credentials before the host', 'https://evil.example@x.com/acorn/status/1'],
    ['a relative path', '/acorn/status/1'],
    ['no URL at all', 'not a url'],
    ['an empty string', ''],
  ])('shows %s as text', (_name, raw) => {
    expect(linkablePostUrl(raw)).toBeNull();
  });

  it('links only what claims accept, minus plain http', () => {
    // Claims take http: as well (the URL is only read for its id); a link in the console is https: only.
    expect(tweetIdFromUrl('http://x.com/acorn/status/1')).toBe('1');
    expect(linkablePostUrl('http://x.com/acorn/status/1')).toBeNull();
  });
});
