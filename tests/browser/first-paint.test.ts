import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstPaintJsCeilingBytes, measureFirstPaint, readClientManifest, totalGzip } from '../../scripts/first-paint.js';
import { beforeIdleJsCeilingBytes, scriptsBeforeIdle } from '../../scripts/scripts-before-idle.js';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';

// The same build the other browser tests use (TEST_CLIENT_DIR or dist/client).
const clientDir = path.resolve(process.env.TEST_CLIENT_DIR ?? 'dist/client');
const manifest = () => readClientManifest(clientDir);
// Text of the Chinese core dictionary (client/src/app/i18n/zh.ts), which an English first paint never loads.
const chineseText = '跳到主要内容';
const otherPages = ['mining', 'tokenomics', 'allocation', 'memes', 'faq', 'meme', 'tokens', 'admin'];

describe('first paint of / (issue 12, goal 5)', () => {
  it(`needs at most ${firstPaintJsCeilingBytes} bytes of gzipped JavaScript`, () => {
    const files = measureFirstPaint(clientDir);
    expect(totalGzip(files, 'js')).toBeLessThanOrEqual(firstPaintJsCeilingBytes);
  });

  describe('in Chromium', () => {
    const suite = useBrowserSuite({}, { viewport: playwrightViewport });

    it(`loads at most ${beforeIdleJsCeilingBytes} bytes of gzipped JavaScript before it is idle, and no toast code`, async () => {
      const page = await suite.newPage();
      const scripts = await scriptsBeforeIdle(page, '/', clientDir);

      // The home page really rendered, and its chunk is among what was counted; Radix's toast waits for a toast.
      const files = scripts.map((script) => script.file);
      expect(files).toContain(manifest()['src/app/routes/home.tsx']?.file);
      expect(files).not.toContain(manifest()['src/components/toast/toaster.tsx']?.file);
      const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      expect(total, scripts.map((script) => `${script.file} ${script.gzipBytes}`).join('\n')).toBeLessThanOrEqual(beforeIdleJsCeilingBytes);
    });

    it('loads neither the Chinese dictionary nor another page’s code', async () => {
      const page = await suite.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
      });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      const otherPageChunks = otherPages.map((name) => manifest()[`src/app/routes/${name}.tsx`]?.file);
      expect(otherPageChunks.every(Boolean)).toBe(true);
      expect(scripts.filter((file) => otherPageChunks.includes(file))).toEqual([]);
      const chinese = scripts.filter((file) => fs.readFileSync(path.join(clientDir, file), 'utf8').includes(chineseText));
      expect(chinese).toEqual([]);
      expect(scripts).toContain(manifest()['src/app/routes/home.tsx']?.file);
    });

    it('fetches the config once, through the preload index.html starts', async () => {
      const page = await suite.newPage();
      const configRequests: string[] = [];
      const preloadWarnings: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/config') configRequests.push(request.resourceType());
      });
      page.on('console', (message) => {
        if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
      });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      expect(configRequests).toHaveLength(1);
      expect(preloadWarnings).toEqual([]);
    });
  });
});
