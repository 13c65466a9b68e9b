import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';
import { collectConsoleErrors, entryScript, eventually, gotoHydrated, holdRequests, isHydrated } from '../helpers/browser.js';
import { useSharedFakeUpstream } from '../helpers/fake-upstream.js';

// The home and allocation pages ask for chain and market data: keep those calls on 127.0.0.1.
const upstream = useSharedFakeUpstream({ '/tip/height': { kind: 'text', body: '915000' } });
const suite = useBrowserSuite(() => ({ BLOCK_HEIGHT_URLS: `${upstream.url}/tip/height`, MARKETPLACE_API_BASE: upstream.url }), {
  viewport: playwrightViewport,
});

const descriptions = {
  en: "Look up your Acorn token allocation, read the tokenomics and staking seasons, and browse the community's memes.",
  zh: '查询你的 Acorn 代币分配，阅读代币经济与质押季，浏览社区的表情包。',
};
const metaDescription = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

const headings = {
  '/': { en: 'Welcome to Acorn', zh: '欢迎来到 Acorn' },
  '/tokenomics': { en: 'Tokenomics', zh: '代币经济' },
  '/faq': { en: 'Frequently Asked Questions', zh: '常见问题' },
  '/allocation': { en: 'Token Allocation', zh: '代币分配' },
  '/memes': { en: 'Acorn Meme Studio', zh: 'Acorn 表情包工作室' },
  '/no/such/page': { en: '404 Page Not Found', zh: '404 页面未找到' },
} as const;

async function withPage(options: BrowserContextOptions, use: (page: Page) => Promise<void>, cookie?: string) {
  const context = await suite.newContext({ context: options });
  if (cookie) await context.addCookies([{ name: 'lang', value: cookie, url: suite.server.baseUrl }]);
  await use(await context.newPage());
}

describe('content pages without JavaScript', () => {
  const noScript = { javaScriptEnabled: false };

  for (const path of ['/tokenomics', '/faq'] as const) {
    it(`${path} shows its content in English by default`, async () => {
      await withPage(noScript, async (page) => {
        await page.goto(path);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(headings[path].en);
        await expect(page.locator('main').innerText()).resolves.toMatch(/ACORN/);
        await expect(metaDescription(page)).resolves.toBe(descriptions.en);
      });
    });

    it(`${path} shows its content in Chinese with the language cookie`, async () => {
      await withPage(
        noScript,
        async (page) => {
          await page.goto(path);
          await expect(page.locator('html').getAttribute('lang')).resolves.toBe('zh-CN');
          await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(headings[path].zh);
          await expect(metaDescription(page)).resolves.toBe(descriptions.zh);
        },
        'zh',
      );
    });

    it(`${path} shows its content in Chinese for a browser asking for zh-CN`, async () => {
      await withPage({ ...noScript, extraHTTPHeaders: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' } }, async (page) => {
        await page.goto(path);
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('zh-CN');
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(headings[path].zh);
      });
    });
  }

  it('the cookie wins over Accept-Language', async () => {
    await withPage(
      { ...noScript, extraHTTPHeaders: { 'accept-language': 'zh-CN' } },
      async (page) => {
        await page.goto('/faq');
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(headings['/faq'].en);
      },
      'en',
    );
  });
});

describe('the meme studio, prerendered for a visitor without a session', () => {
  const joinTitle = { en: 'Join to make memes', zh: '加入后即可制作表情包' } as const;
  const noScript = { javaScriptEnabled: false };

  for (const language of ['en', 'zh'] as const) {
    it(`shows the join card without JavaScript in ${language}`, async () => {
      await withPage(
        noScript,
        async (page) => {
          await page.goto('/memes');
          await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(headings['/memes'][language]);
          await expect(page.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(joinTitle[language]);
          await expect(page.getByRole('link', { name: language === 'en' ? 'Join on the Mining page' : '前往挖矿页面加入' }).getAttribute('href')).resolves.toBe('/mining');
        },
        language,
      );
    });
  }

  it('is not sent to a visitor with a session cookie: the studio depends on the session', async () => {
    await withPage(noScript, async (page) => {
      await page.context().addCookies([{ name: 'acorn_session', value: 'any', url: suite.server.baseUrl }]);
      await page.goto('/memes');
      await expect(page.locator('#root').innerHTML()).resolves.toBe('');
    });
  });

  it('forgets a session the browser still stores once the server has ended it, without a spinner first', async () => {
    await withPage({}, async (page) => {
      await page.addInitScript(() => {
        // Stored by an earlier sign-in whose cookie has since gone.
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('username', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
          localStorage.setItem('isLoggedIn', 'true');
          sessionStorage.setItem('seeded', '1');
        }
      });
      const errors = collectConsoleErrors(page);
      const userCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/user/')) userCalls.push(request.url());
      });
      await page.goto('/memes');
      await eventually(() => page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe(null);
      expect(await page.evaluate(() => localStorage.getItem('username'))).toBe(null);
      await expect(page.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(joinTitle.en);
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('status', { name: /Loading/ }).count()).toBe(0);
      expect(userCalls).toEqual([]);
      expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    });
  });
});

describe('prerendered pages with JavaScript', () => {
  for (const [path, heading] of Object.entries(headings)) {
    for (const language of ['en', 'zh'] as const) {
      it(`${path} in ${language} is hydrated in place, without a console error`, async () => {
        await withPage(
          {},
          async (page) => {
            const errors = collectConsoleErrors(page);
            // The entry script waits until the prerendered heading is marked: hydration must keep that node.
            const release = await holdRequests(page, entryScript);
            await page.goto(path, { waitUntil: 'commit' });
            const h1 = page.getByRole('heading', { level: 1 });
            await expect(h1.textContent()).resolves.toBe(heading[language]);
            await h1.evaluate((element) => Object.assign(element, { prerendered: true }));
            release();

            await eventually(() => isHydrated(h1)).toBe(true);
            expect(await h1.evaluate((element) => (element as HTMLElement & { prerendered?: boolean }).prerendered)).toBe(true);
            await page.waitForLoadState('networkidle');
            // HTTP statuses (the not-found page's own 404, data the fake upstream lacks) are not the page's errors.
            expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
          },
          language,
        );
      });
    }
  }

  it('switching the language stores it in the cookie, so the next load comes prerendered in it', async () => {
    await withPage({ javaScriptEnabled: true }, async (page) => {
      // The load event no longer waits for the page's CSS (it is inlined), so it can come before hydration.
      await gotoHydrated(page, '/faq');
      await page.getByRole('button', { name: /Switch language/ }).click();
      await page.getByRole('heading', { level: 1, name: headings['/faq'].zh }).waitFor();
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'lang')).toMatchObject({ value: 'zh', path: '/', sameSite: 'Lax' });

      const response = await page.request.get('/faq');
      expect(await response.text()).toContain('<html lang="zh-CN">');
      expect(response.headers().vary).toMatch(/cookie/i);
    });
  });
});
