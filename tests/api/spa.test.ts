import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSharedApp } from '../helpers/build-app.js';

let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
const ctx = useSharedApp(() => ({ CLIENT_DIR: clientDir }));

describe('serving the built client', () => {
  it('caches hashed assets for a year, immutably', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html uncached for the root and every client route', async () => {
    for (const url of ['/', '/mining', '/faq', '/no/such/page?x=1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('keeps unknown /api paths and non-GET requests as JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['POST', '/mining'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('NOT_FOUND');
    }
  });

  it('does not serve files outside the client folder', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/../../etc/passwd' });
    expect(response.body).not.toContain('root:');
  });
});
