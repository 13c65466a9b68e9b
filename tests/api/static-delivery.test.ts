import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSharedApp } from '../helpers/build-app.js';

let clientDir: string;
let entryScript: string;

// A real production build (the project's vite.config.ts), so the precompressed files are the build's own.
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-static-'));
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: clientDir, emptyOutDir: true },
  });
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  entryScript = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
}, 120_000);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
const ctx = useSharedApp(() => ({ CLIENT_DIR: clientDir }));

const immutable = 'public, max-age=31536000, immutable';

function get(url: string, acceptEncoding?: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

describe('the build', () => {
  it('writes brotli and gzip siblings of every sizeable text asset', () => {
    const assets = fs.readdirSync(path.join(clientDir, 'assets'));
    const texts = assets.filter((name) => /\.(?:js|css)$/.test(name));
    expect(texts.length).toBeGreaterThan(0);
    for (const name of texts) {
      if (fs.statSync(path.join(clientDir, 'assets', name)).size < 1024) continue;
      expect(assets, name).toContain(`${name}.br`);
      expect(assets, name).toContain(`${name}.gz`);
    }
    expect(fs.existsSync(path.join(clientDir, 'index.html.br'))).toBe(true);
  });
});

describe('serving the built client compressed', () => {
  it('answers a hashed script in brotli when the client accepts it, cached immutably', async () => {
    const response = await get(entryScript, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const original = fs.readFileSync(path.join(clientDir, entryScript));
    expect(response.rawPayload.length).toBeLessThan(original.length);
    expect(zlib.brotliDecompressSync(response.rawPayload).equals(original)).toBe(true);
  });

  it('answers in gzip when that is all the client takes', async () => {
    const response = await get(entryScript, 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(immutable);
    const original = fs.readFileSync(path.join(clientDir, entryScript));
    expect(zlib.gunzipSync(response.rawPayload).equals(original)).toBe(true);
  });

  it('answers the plain file without accept-encoding', async () => {
    const response = await get(entryScript);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.rawPayload.equals(fs.readFileSync(path.join(clientDir, entryScript)))).toBe(true);
  });

  it('never serves the compressed siblings under their own URL', async () => {
    const response = await get(`${entryScript}.br`);
    expect(response.statusCode).toBe(404);
  });

  it('serves the pages compressed and uncached: prerendered ones and index.html for the other client routes', async () => {
    const files = { '/': 'pages/en/home.html', '/faq': 'pages/en/faq.html', '/mining': 'index.html', '/index.html': 'index.html' };
    for (const [url, file] of Object.entries(files)) {
      const html = fs.readFileSync(path.join(clientDir, file), 'utf8');
      const br = await get(url, 'br;q=1, gzip;q=0.5');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/text\/html/);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'), url).toBe(html);

      const gzip = await get(url, 'gzip, br;q=0');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8'), url).toBe(html);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(html);
    }
  });

  it('prerenders the content pages in both languages, with no inline script (CSP)', () => {
    for (const language of ['en', 'zh']) {
      for (const name of ['home', 'tokenomics', 'faq', 'allocation', 'not-found']) {
        const html = fs.readFileSync(path.join(clientDir, 'pages', language, `${name}.html`), 'utf8');
        expect(html, name).toContain(`<html lang="${language === 'zh' ? 'zh-CN' : 'en'}">`);
        expect(html, name).toMatch(/<main id="main"[^>]*><!--\$--><(?:div|section)/);
        expect(html.match(/<script\b[^>]*>/g), name).toEqual([expect.stringMatching(/ src="\/assets\//)]);
      }
    }
  });

  it('describes the product in index.html', async () => {
    const response = await get('/');
    expect(response.body).toMatch(/<meta\s+name="description"\s+content="[^"]*Acorn[^"]*"/);
  });

  it('answers /robots.txt as text, allowing every crawler', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Allow: \/$/m);
    expect(response.body).not.toContain('<html');
  });
});
