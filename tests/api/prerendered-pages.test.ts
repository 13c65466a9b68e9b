import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSharedApp } from '../helpers/build-app.js';

let clientDir: string;

const page = (lang: string, name: string) => `<!doctype html><html lang="${lang}"><div id="root"><h1>${name}</h1></div>`;

// A client build folder as `vite build` writes it: index.html, and pages/ with its index (scripts/prerender.ts).
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-pages-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="en"><div id="root"></div>');
  const pages = { '/': 'home', '/faq': 'faq', '/memes': 'memes', '*': 'not-found' };
  for (const language of ['en', 'zh']) {
    fs.mkdirSync(path.join(clientDir, 'pages', language), { recursive: true });
    for (const name of Object.values(pages)) {
      const file = path.join(clientDir, 'pages', language, `${name}.html`);
      fs.writeFileSync(file, page(language, name));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(page(language, name)));
    }
  }
  const routePaths = ['/', '/mining', '/faq', '/memes', '/meme/:trackingCode', '/admin/*', '*'];
  const index = { routePaths, pages, signedOutOnly: ['/memes'], languages: ['en', 'zh'] };
  fs.writeFileSync(path.join(clientDir, 'pages', 'pages.json'), JSON.stringify(index));
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
const ctx = useSharedApp(() => ({ CLIENT_DIR: clientDir }));

function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

describe('prerendered pages', () => {
  it('answers a prerendered page in English by default, uncached and varying by the language inputs', async () => {
    for (const url of ['/', '/faq']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<html lang="en">');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-language'], url).toBe('en');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers.vary, url).toMatch(/cookie/i);
      expect(response.headers.vary, url).toMatch(/accept-language/i);
    }
    expect((await get('/faq')).body).toContain('<h1>faq</h1>');
  });

  it('answers in Chinese by the lang cookie, which wins over Accept-Language', async () => {
    expect((await get('/faq', { cookie: 'lang=zh' })).body).toBe(page('zh', 'faq'));
    expect((await get('/faq', { cookie: 'lang=en', 'accept-language': 'zh-CN' })).body).toBe(page('en', 'faq'));
    expect((await get('/faq', { cookie: 'lang=fr', 'accept-language': 'zh-TW,zh;q=0.9' })).body).toBe(page('zh', 'faq'));
  });

  it('answers in Chinese when Chinese is the first of the two the browser accepts', async () => {
    const cases: [string, string][] = [
      ['zh-CN', 'zh'],
      ['zh', 'zh'],
      ['fr-FR, zh-CN;q=0.8, en;q=0.5', 'zh'],
      ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
      ['zh-CN;q=0, en', 'en'],
      ['de', 'en'],
    ];
    for (const [acceptLanguage, language] of cases) {
      const response = await get('/faq', { 'accept-language': acceptLanguage });
      expect(response.body, acceptLanguage).toBe(page(language, 'faq'));
    }
  });

  it('answers the build’s compressed file when the client accepts it', async () => {
    const response = await get('/', { cookie: 'lang=zh', 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(page('zh', 'home'));
  });

  it('keeps index.html for client routes not prerendered and for a prerendered page with a query', async () => {
    for (const url of ['/mining', '/MINING/', '/faq?tab=x', '/admin', '/admin/people/x']) {
      const response = await get(url, { cookie: 'lang=zh' });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('answers a page prerendered as a signed-out visitor sees it only to a request without a session cookie', async () => {
    expect((await get('/memes')).body).toBe(page('en', 'memes'));
    expect((await get('/memes', { cookie: 'lang=zh' })).body).toBe(page('zh', 'memes'));
    expect((await get('/memes', { cookie: 'acorn_session=s%3Aabc.def' })).body).toContain('<div id="root"></div>');
    expect((await get('/memes', { cookie: 'lang=zh; acorn_session=x' })).body).toContain('<div id="root"></div>');
    // A page prerendered for everyone does not care about the session.
    expect((await get('/faq', { cookie: 'acorn_session=x' })).body).toBe(page('en', 'faq'));
  });

  it('answers a path no client route matches with the not-found page and 404', async () => {
    for (const url of ['/administration', '/meme']) expect((await get(url)).statusCode, url).toBe(404);
    const response = await get('/no/such/page?x=1', { 'accept-language': 'zh-CN' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(page('zh', 'not-found'));
  });

  it('does not serve the pages folder under its own URL', async () => {
    expect((await get('/pages/en/faq.html')).body).not.toBe(page('en', 'faq'));
    expect((await get('/pages/pages.json')).headers['content-type']).toMatch(/text\/html/);
  });
});
