import { describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build-app.js';

let ctx: TestApp | undefined;

/** Headers that only mean something to a document a browser renders. */
const documentOnly = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

async function headersOf(url: string, method: 'GET' | 'POST' = 'GET') {
  const response = await ctx!.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
  return response.headers;
}

describe('security headers', () => {
  it('give JSON answers the API set: nothing may load, nothing may frame, no sniffing', async () => {
    ctx = await build();
    for (const [method, url] of [
      ['GET', '/api/config'],
      ['GET', '/api/nope'],
      ['POST', '/api/allocation/lookup'],
    ] as const) {
      const headers = await headersOf(url, method);
      expect(headers['content-type'], url).toMatch(/^application\/json/);
      expect(headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const name of documentOnly) expect(headers[name], `${url} ${name}`).toBeUndefined();
      expect(headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('stay on error answers: a malformed body, a failed check, a body too large, a refused origin', async () => {
    ctx = await build();
    const lookup = { method: 'POST' as const, url: '/api/allocation/lookup', headers: { 'content-type': 'application/json' } };
    const responses = [
      await ctx.app.inject({ ...lookup, payload: '{"walletAddress":' }),
      await ctx.app.inject({ ...lookup, payload: { walletAddress: 42 } }),
      await ctx.app.inject({ ...lookup, payload: `{"walletAddress":"${'a'.repeat(2 * 1024 * 1024)}"}` }),
      await ctx.app.inject({ ...lookup, headers: { ...lookup.headers, origin: 'https://evil.example' }, payload: {} }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([400, 400, 413, 403]);
    for (const response of responses) {
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('give documents, the API reference page included, the whole set with the app CSP', async () => {
    ctx = await build();
    for (const url of ['/healthz', '/api/docs', '/meme/unknown']) {
      const headers = await headersOf(url);
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      for (const name of documentOnly) expect(headers[name], `${url} ${name}`).toBeDefined();
    }
  });

  it('keep nosniff and no framing on a path that reaches the API spelled another way', async () => {
    ctx = await build();
    const response = await ctx.app.inject({ method: 'GET', url: '/%61pi/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('add HSTS to both sets behind HTTPS', async () => {
    ctx = await build({ PUBLIC_URL: 'https://acorn.example' });
    for (const url of ['/api/config', '/healthz']) {
      expect((await headersOf(url))['strict-transport-security'], url).toBe('max-age=15552000; includeSubDomains');
    }
  });
});
