import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setNotice, setPause, setRevealSchedule } from '../../server/features/settings/settings.repository.js';
import { playwrightViewport, useClockedBrowserSuite } from '../helpers/browser-suite.js';
import { eventually, gotoHydrated, holdRequests, isHydrated } from '../helpers/browser.js';
import { useSharedFakeUpstream } from '../helpers/fake-upstream.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';

let context: BrowserContext;
let page: Page;

const tipHeight = 921_000;
const holder = mainnetWallets.segwitScript;
/** Past the server's launch-state cache (5 s): a test moves the server's clock by this after changing the state. */
const pastLaunchCacheMs = 6_000;
/** The page polls the config every 2 s once the countdown is over; the browser may hold an answer 5 s. */
const openingTimeoutMs = 20_000;

let serverClockAhead = 0;
const serverNow = () => Date.now() + serverClockAhead;

async function changeLaunchState(change: () => Promise<void>): Promise<void> {
  await change();
  serverClockAhead += pastLaunchCacheMs;
}

const texts = {
  en: {
    opensIn: 'The allocation list opens in',
    atBlock: 'The allocation list opens at block 921,144',
    blocksLeft: /144 blocks to go, about 1d 0h/,
    walletLabel: 'Wallet address',
    lookUp: 'Look Up Allocation',
    result: 'Allocation Result',
    pausedLead: 'Allocation lookups are paused',
    busy: 'Busy — retrying in 1 s',
    official: /never asks you for a transaction, a seed phrase or a payment/,
  },
  zh: {
    opensIn: '分配名单开放倒计时',
    atBlock: '分配名单将在区块 921,144 开放',
    blocksLeft: /还差 144 个区块，约 1 天 0 小时/,
    walletLabel: '钱包地址',
    lookUp: '查询分配',
    result: '查询结果',
    pausedLead: '分配查询已暂停',
    busy: '服务繁忙，1 秒后重试',
    official: /绝不会要求你签署交易、提供助记词或付款/,
  },
} as const;

// Registered before the suite, so it runs after the suite has closed the test's pages: back to revealed, unpaused.
afterEach(async () => {
  const { db } = suite.server.handle;
  await changeLaunchState(async () => {
    await setPause(db, null);
    await setNotice(db, null);
    await setRevealSchedule(db, { kind: 'now' }, serverNow());
  });
});
const upstream = useSharedFakeUpstream({ '/tip': { kind: 'text', body: String(tipHeight) } });
const suite = useClockedBrowserSuite(() => ({ BLOCK_HEIGHT_URLS: `${upstream.url}/tip`, UPSTREAM_TIMEOUT_MS: '500' }), serverNow, {
  viewport: playwrightViewport,
});
beforeAll(async () => {
  await seedAllocationRecords(suite.server.handle.db, [{ wallet: holder, category: 'Holder Airdrop', tokens: '60000' }]);
});

for (const language of ['en', 'zh'] as const) {
  const text = texts[language];

  describe(`launch states (${language})`, () => {
    beforeEach(async () => {
      context = await suite.newContext({ language });
      page = await context.newPage();
    });

    it('counts down to a timed reveal instead of the lookup, then opens the lookup by itself', async () => {
      const revealAt = serverNow() + 3_600_000;
      await changeLaunchState(() => setRevealSchedule(suite.server.handle.db, { kind: 'time', at: new Date(revealAt).toISOString() }));
      await page.clock.install({ time: serverNow() });
      await gotoHydrated(page, '/allocation');

      const countdown = page.getByRole('timer');
      await countdown.waitFor();
      expect(await page.getByText(text.opensIn).count()).toBe(1);
      expect(await countdown.textContent()).toMatch(language === 'en' ? /^(1 h 0 min 0 s|59 min \d+ s)$/ : /^(1 小时 0 分 0 秒|59 分 \d+ 秒)$/);
      expect(await page.getByLabel(text.walletLabel).count()).toBe(0);
      await page.getByText(text.official).waitFor();

      serverClockAhead += 3_600_000;
      await page.clock.fastForward(3_600_000);
      await page.getByLabel(text.walletLabel).waitFor({ timeout: openingTimeoutMs });
      expect(await page.getByRole('timer').count()).toBe(0);
      await page.getByLabel(text.walletLabel).fill(holder);
      await page.getByRole('button', { name: text.lookUp }).click();
      await page.getByRole('heading', { name: text.result }).waitFor();
    });

    it('counts blocks to a block reveal, with an estimated time', async () => {
      await changeLaunchState(() => setRevealSchedule(suite.server.handle.db, { kind: 'block', height: tipHeight + 144 }));
      await gotoHydrated(page, '/allocation');
      await page.getByText(text.atBlock).waitFor();
      await page.getByText(text.blocksLeft).waitFor();
      expect(await page.getByLabel(text.walletLabel).count()).toBe(0);
    });

    it('shows the pause reason and the notice on every page, and the lookup says it is paused', async () => {
      const reason = 'A corrected list follows at 16:00 UTC';
      await changeLaunchState(async () => {
        await setPause(suite.server.handle.db, { reason, since: serverNow() });
        await setNotice(suite.server.handle.db, { en: 'Official links: acorn.example', zh: '官方链接：acorn.example' });
      });

      await page.goto('/tokenomics');
      const banner = page.getByRole('status').filter({ hasText: text.pausedLead });
      await banner.waitFor();
      expect(await banner.textContent()).toContain(reason);
      await page.getByText(language === 'en' ? 'Official links: acorn.example' : '官方链接：acorn.example').waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor(); // the page itself works as usual

      await gotoHydrated(page, '/allocation');
      await page.getByLabel(text.walletLabel).fill(holder);
      const lookups: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/allocation/lookup')) lookups.push(response.status());
      });
      await page.getByRole('button', { name: text.lookUp }).click();
      await page.getByRole('region', { name: /Notifications|通知/ }).getByText(/paused|暂停/).first().waitFor();
      expect(lookups).toEqual([503]);
    });

    it('a pause and a notice arriving after a prerendered page move none of its content', async () => {
      const notice = language === 'en' ? 'Official links: acorn.example' : '官方链接：acorn.example';
      await changeLaunchState(async () => {
        await setPause(suite.server.handle.db, { reason: 'A corrected list follows at 16:00 UTC', since: serverNow() });
        await setNotice(suite.server.handle.db, { en: 'Official links: acorn.example', zh: '官方链接：acorn.example' });
      });
      // Served prerendered in the test's language (the cookie), and the config held back until the page is hydrated.
      await context.addCookies([{ name: 'lang', value: language, url: suite.server.baseUrl }]);
      const release = await holdRequests(page, '**/api/config');
      await page.goto('/tokenomics');
      const heading = page.getByRole('heading', { level: 1 });
      await eventually(() => isHydrated(heading)).toBe(true);
      const before = await heading.boundingBox();

      release();
      await page.getByRole('status').filter({ hasText: text.pausedLead }).waitFor();
      await page.getByText(notice).waitFor();
      expect(await heading.boundingBox()).toEqual(before);
    });

    it('a lookup refused as paused brings the banner at once, without a reload or the next poll', async () => {
      await gotoHydrated(page, '/allocation');
      await page.getByLabel(text.walletLabel).fill(holder);
      const reason = 'Checking a report, back in ten minutes';
      await changeLaunchState(() => setPause(suite.server.handle.db, { reason, since: serverNow() }));

      await page.getByRole('button', { name: text.lookUp }).click();
      // Well inside the 30 s poll: the refusal itself re-read the config.
      await page.getByRole('status').filter({ hasText: reason }).waitFor({ timeout: 10_000 });
      expect(await page.getByRole('status').filter({ hasText: text.pausedLead }).count()).toBe(1);
    });

    it('retries busy answers (shed, then the database away: a lookup changes nothing) after their Retry-After, saying so, then shows the result', async () => {
      const busyAnswers = [
        { error: 'SERVER_BUSY', message: 'The server is busy; try again shortly.' },
        { error: 'DATABASE_UNAVAILABLE', message: 'Our data store cannot be reached right now. Please try again shortly.' },
      ];
      let answered = 0;
      await page.route('**/api/allocation/lookup', async (route) => {
        const busy = busyAnswers[answered++];
        if (!busy) return route.continue();
        return route.fulfill({
          status: 503,
          headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
          body: JSON.stringify(busy),
        });
      });
      await gotoHydrated(page, '/allocation');
      await page.getByLabel(text.walletLabel).fill(holder);
      await page.getByRole('button', { name: text.lookUp }).click();
      await page.getByText(text.busy).waitFor();
      await page.getByRole('heading', { name: text.result }).waitFor();
      expect(answered).toBe(3);
      expect(await page.getByText(text.busy).count()).toBe(0);
    });
  });
}
