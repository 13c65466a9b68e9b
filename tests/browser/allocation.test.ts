import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultExternalLinks as externalLinks } from '../../shared/links.js';
import { playwrightViewport, useClockedBrowserSuite } from '../helpers/browser-suite.js';
import { entryScript, eventually, gotoHydrated, holdRequests, isHydrated, type RunningServer, startServerWithClock, toastWithText } from '../helpers/browser.js';
import { useSharedFakeUpstream } from '../helpers/fake-upstream.js';
import { seedAllocationRecords, seedPointsAllocations } from '../helpers/seed.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

let context: BrowserContext;
let page: Page;

// Between release #1 (917,010) and release #2 (921,330).
const tipHeight = 921_000;
const whale = mainnetWallets.segwitScript;
// A logged-in wallet with a points allocation, and one without.
const member = mainnetWallets.segwitKey;
const outsider = mainnetWallets.legacy;

function holderWallet(index: number): string {
  return `bc1q${String(index).padStart(2, '0')}${fakeWallet('', 36)}`;
}

/** The server's clock runs ahead by this much: a test moves it past the failed explorer's back-off. */
let serverClockAhead = 0;
const explorerBackOffMs = 10_000;

const upstream = useSharedFakeUpstream({
  '/tip': { kind: 'text', body: String(tipHeight) },
  '/broken-tip': { kind: 'text', body: 'down', status: 500 },
});
const appEnv = (tipPath: string) => ({
  BLOCK_HEIGHT_URLS: `${upstream.url}${tipPath}`,
  MARKETPLACE_API_BASE: upstream.url,
  UPSTREAM_TIMEOUT_MS: '500',
});
const appNow = () => Date.now() + serverClockAhead;
const suite = useClockedBrowserSuite(() => appEnv('/tip'), appNow, { viewport: playwrightViewport });

/** Another server on the same clock, whose explorer is at `tipPath`. */
function startApp(tipPath: string): Promise<RunningServer> {
  return startServerWithClock(appEnv(tipPath), appNow);
}

beforeAll(async () => {
  const { db } = suite.server.handle;
  await seedAllocationRecords(db, [
    { wallet: whale, category: 'Holder Airdrop', tokens: '60000' },
    { wallet: whale, category: 'Holder Airdrop', tokens: '40000' },
    { wallet: whale, category: 'Staking Season 1', tokens: '25000.5' },
    { wallet: whale, category: 'Whale Bonus #3', tokens: '50000' },
    { wallet: whale, category: 'Whale Bonus #1', tokens: '20000' },
    { wallet: whale, category: 'Whale Bonus #2', tokens: '30000' },
  ]);
  // 25 holders: 24 generated (1,000 .. 24,000 tokens) and the member with the most.
  await seedPointsAllocations(db, [
    ...Array.from({ length: 24 }, (_, i) => ({ wallet: holderWallet(i), points: (i + 1) * 10, tokens: String((i + 1) * 1000) })),
    { wallet: member, points: 4321, tokens: '123456.789' },
  ]);
});
beforeEach(async () => {
  context = await suite.newContext();
  page = await context.newPage();
});

const walletInput = () => page.getByLabel('Wallet address');
const lookUpButton = () => page.getByRole('button', { name: 'Look Up Allocation' });
const resultHeading = () => page.getByRole('heading', { name: 'Allocation Result' });

/** The value of a term/definition pair whose term reads exactly `label`. */
async function summaryIn(scope: Page | Locator, label: string): Promise<string | null> {
  const term = scope.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
  return term.locator('xpath=..').getByRole('definition').textContent();
}

async function lookUp(address: string): Promise<void> {
  await walletInput().fill(address);
  await lookUpButton().click();
}

describe('allocation page: before the page is hydrated', () => {
  it('keeps an address typed into the prerendered form, and looks it up', async () => {
    const release = await holdRequests(page, entryScript);
    await page.goto('/allocation', { waitUntil: 'commit' });
    await walletInput().fill(whale);
    release();
    await eventually(() => isHydrated(walletInput())).toBe(true);

    expect(await walletInput().inputValue()).toBe(whale);
    await lookUpButton().click();
    await resultHeading().waitFor();
    expect(await summaryIn(page, 'Total airdropped at TGE')).toBe('125,000.5 ACORN');
  });

  it('Look Up pressed before the page is ready looks the address up once it is, leaving no address in the URL', async () => {
    const lookups: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/allocation/lookup')) lookups.push(request.postDataJSON());
    });
    const release = await holdRequests(page, entryScript);
    await page.goto('/allocation', { waitUntil: 'commit' });
    await walletInput().fill(whale);
    await lookUpButton().click();
    release();

    await resultHeading().waitFor();
    expect(await summaryIn(page, 'Total airdropped at TGE')).toBe('125,000.5 ACORN');
    expect(await page.getByRole('textbox', { name: 'Wallet address' }).inputValue()).toBe(whale);
    await eventually(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/allocation');
    expect(lookups).toEqual([{ walletAddress: whale }]);
  });
});

describe('allocation page: lookup', () => {
  it('finds an allocation: toast, TGE total, sorted categories, whale schedule against the tip, then Clear resets', async () => {
    await gotoHydrated(page, '/allocation');
    // Hold the real request until 'Looking up...' has been seen, so the pending state is caught reliably.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sentBodies: unknown[] = [];
    await page.route('**/api/allocation/lookup', async (route) => {
      sentBodies.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });

    await lookUp(`   ${whale.toUpperCase()}  `);
    const pending = page.getByRole('button', { name: 'Looking up...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();

    await toastWithText(page, 'Success').waitFor();
    await toastWithText(page, 'Found 225,000.5 tokens!').waitFor();
    expect(sentBodies).toEqual([{ walletAddress: whale.toUpperCase() }]);

    await resultHeading().waitFor();
    expect(await summaryIn(page, 'Total airdropped at TGE')).toBe('125,000.5 ACORN');
    expect(await summaryIn(page, 'Potential future whale bonus')).toBe('100,000 ACORN');
    expect(await summaryIn(page, 'Allocation categories')).toBe('5');
    await page.getByText(/selling any NFT before all releases complete forfeits the remaining bonus/).waitFor();

    const tge = page.getByRole('list', { name: 'TGE Distribution' }).getByRole('listitem');
    const tgeTexts = await tge.allTextContents();
    expect(tgeTexts).toHaveLength(2);
    expect(tgeTexts[0]).toContain('Holder Airdrop');
    expect(tgeTexts[0]).toContain('100,000');
    expect(tgeTexts[1]).toContain('Staking Season 1');
    expect(tgeTexts[1]).toContain('25,000.5');

    const releases = page.getByRole('list', { name: 'Whale Bonus Schedule' }).getByRole('listitem');
    await releases.nth(1).getByText('330 blocks remaining').waitFor();
    const releaseTexts = await releases.allTextContents();
    expect(releaseTexts.map((text) => /Whale Bonus #\d/.exec(text)?.[0])).toEqual([
      'Whale Bonus #1',
      'Whale Bonus #2',
      'Whale Bonus #3',
    ]);
    expect(releaseTexts[0]).toContain('Target block 917,010');
    expect(releaseTexts[0]).toContain('Distributed!');
    expect(releaseTexts[1]).toContain('Target block 921,330');
    expect(releaseTexts[1]).toContain('about 2d 7h');
    expect(releaseTexts[2]).toContain('4,650 blocks remaining');
    expect(releaseTexts[2]).not.toContain('Distributed!');
    await page.getByRole('img', { name: 'Whale bonus releases against the current block 921,000' }).waitFor();

    const details = page.getByRole('region', { name: 'Wallet Details' });
    await details.getByText(whale, { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Copy wallet address' }).waitFor();
    expect(await summaryIn(details, 'Number of entries')).toBe('6');

    for (const [name, href] of [
      [/Balance Recovery Tool/, externalLinks.balanceRecovery],
      [/Trade ACORN/, externalLinks.tradeToken],
    ] as const) {
      const link = page.getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }

    await page.getByRole('button', { name: 'Clear' }).click();
    await resultHeading().waitFor({ state: 'detached' });
    expect(await walletInput().inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Clear' }).count()).toBe(0);
  });

  it('not found: shows the Not Found toast and the BTC payment address hint, which Clear removes', async () => {
    await gotoHydrated(page, '/allocation');
    await lookUp('bc1qnobodyhasthisaddressatall');
    await toastWithText(page, 'Not Found').waitFor();
    await toastWithText(page, 'Public token sale participants: try your BTC payment address instead.').waitFor();
    const hint = page.getByRole('region', { name: 'No allocation found for this address' });
    await hint.getByText(/BTC payment address/).waitFor();
    expect(await hint.getByRole('link', { name: /Balance Recovery Tool/ }).getAttribute('href')).toBe(
      externalLinks.balanceRecovery,
    );
    expect(await resultHeading().count()).toBe(0);

    await page.getByRole('button', { name: 'Clear' }).click();
    await hint.waitFor({ state: 'detached' });
  });

  it('a failed request shows the Error toast and clears the previous result', async () => {
    await gotoHydrated(page, '/allocation');
    await lookUp(whale);
    await resultHeading().waitFor();

    await page.route('**/api/allocation/lookup', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await lookUpButton().click();
    await toastWithText(page, 'Error').waitFor();
    await toastWithText(page, 'Failed to lookup allocation. Please try again.').waitFor();
    await resultHeading().waitFor({ state: 'detached' });
  });

  it('an empty or blank address asks for a wallet address without calling the server', async () => {
    await gotoHydrated(page, '/allocation');
    let lookups = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/allocation/lookup')) lookups += 1;
    });
    await lookUpButton().click();
    await toastWithText(page, 'Please enter a wallet address').waitFor();
    await toastWithText(page, 'Error').waitFor();
    await lookUp('    ');
    await toastWithText(page, 'Please enter a wallet address').waitFor();
    expect(lookups).toBe(0);
  });

  it('says the block height is unavailable on every countdown, and Retry brings the countdowns once the explorer is back, without a reload', async () => {
    upstream.set('/flaky-tip', { kind: 'text', body: 'down', status: 500 });
    const offline = await startApp('/flaky-tip');
    try {
      await seedAllocationRecords(offline.handle.db, [
        { wallet: whale, category: 'Whale Bonus #1', tokens: '10' },
        { wallet: whale, category: 'Whale Bonus #2', tokens: '20' },
      ]);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const tip = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/chain/tip-height');
      await page.goto(`${offline.baseUrl}/allocation`);
      expect(await (await tip).json()).toMatchObject({ unavailable: true, error: 'UPSTREAM_UNAVAILABLE' });
      await lookUp(whale);
      const schedule = page.getByRole('region', { name: 'Whale Bonus Schedule' });
      const releases = page.getByRole('list', { name: 'Whale Bonus Schedule' }).getByRole('listitem');
      await releases.nth(1).getByText('Block height unavailable', { exact: true }).waitFor();
      expect(await releases.getByText('Block height unavailable', { exact: true }).count()).toBe(2);
      expect(await schedule.getByText('Loading countdown...').count()).toBe(0);
      await page.getByRole('img', { name: 'Whale bonus releases; the current block height is unavailable' }).waitFor();
      expect(warnings.some((text) => text.includes('Failed to fetch block height'))).toBe(true);

      upstream.set('/flaky-tip', { kind: 'text', body: String(tipHeight) });
      // The server does not ask a failed explorer again for 10 s (it protects a struggling upstream).
      serverClockAhead += explorerBackOffMs + 1000;
      await schedule.getByRole('button', { name: 'Retry' }).click();
      await releases.nth(1).getByText('330 blocks remaining').waitFor();
      await releases.nth(0).getByText('Distributed!').waitFor();
      expect(await schedule.getByText('Block height unavailable').count()).toBe(0);
      expect(await schedule.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      // The lookup result lives in page state only: still there, so the page was not reloaded.
      await resultHeading().waitFor();
    } finally {
      await offline.close();
    }
  });

  it('the whale-bonus countdowns resume by themselves at the next 2-minute poll once the explorer is back', async () => {
    upstream.set('/flaky-tip-2', { kind: 'text', body: 'down', status: 500 });
    const offline = await startApp('/flaky-tip-2');
    try {
      await seedAllocationRecords(offline.handle.db, [{ wallet: whale, category: 'Whale Bonus #2', tokens: '20' }]);
      await page.clock.install();
      const tip = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/chain/tip-height');
      await page.goto(`${offline.baseUrl}/allocation`);
      expect(await (await tip).json()).toMatchObject({ unavailable: true, error: 'UPSTREAM_UNAVAILABLE' });
      await lookUp(whale);
      const releases = page.getByRole('list', { name: 'Whale Bonus Schedule' }).getByRole('listitem');
      await releases.getByText('Block height unavailable', { exact: true }).waitFor();

      upstream.set('/flaky-tip-2', { kind: 'text', body: String(tipHeight) });
      serverClockAhead += explorerBackOffMs + 1000;
      const polled = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/chain/tip-height');
      await page.clock.fastForward(120_000);
      expect((await polled).status()).toBe(200);
      await releases.getByText('330 blocks remaining').waitFor();
      await resultHeading().waitFor();
    } finally {
      await offline.close();
    }
  });
});


describe('allocation page: statistics and holders', () => {
  it('copies the full wallet address of a top holder', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/allocation');
    const rows = page.getByRole('table', { name: 'Social Mining Top Holders' }).locator('tbody tr');
    await rows.nth(1).getByRole('button', { name: 'Copy the address of holder #2' }).click();
    await toastWithText(page, 'Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(holderWallet(23));
    await rows.first().getByRole('button', { name: 'Copy the address of holder #1' }).click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(member);
  });

  it('shows the aggregate statistics of the points list as the social-mining allocation', async () => {
    await gotoHydrated(page, '/allocation');
    const stats = page.getByRole('region', { name: 'Social Mining Allocation', exact: true });
    await stats.getByText('25', { exact: true }).waitFor();
    expect(await summaryIn(stats, 'Total Allocations')).toBe('25');
    expect(await summaryIn(stats, 'Total Tokens Allocated')).toBe('423,456.79');
    expect(await summaryIn(stats, 'Total Points')).toBe('7,321');
    expect(await summaryIn(stats, 'Average Tokens per User')).toBe('16,938.27');
  });

  it('lists the top 20 holders with shortened wallets and pages through all of them after View All', async () => {
    await gotoHydrated(page, '/allocation');
    const topTable = page.getByRole('table', { name: 'Social Mining Top Holders' });
    const rows = topTable.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(20);

    const first = rows.first();
    expect(await first.getByRole('cell').first().textContent()).toBe('1');
    expect(await first.textContent()).toContain('123,456.79');
    expect(await first.textContent()).toContain('4,321');
    expect(await first.getByTitle(member).textContent()).toBe(`${member.slice(0, 8)}...${member.slice(-8)}`);
    expect(await rows.nth(1).textContent()).toContain('24,000');

    await page.getByRole('button', { name: 'View All' }).click();
    const allTable = page.getByRole('table', { name: 'Social Mining: All Holders' });
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await allTable.locator('tbody tr').first().getByText('21', { exact: true }).waitFor();
    expect(await allTable.locator('tbody tr').count()).toBe(5);
    expect(await allTable.locator('tbody tr').last().textContent()).toContain('1,000');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1 of 2').waitFor();
    await allTable.locator('tbody tr').first().getByText('1', { exact: true }).waitFor();
  });
});

async function logIn(wallet: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { walletAddress: wallet } });
  expect(response.status()).toBe(200);
  await page.goto('/');
  await page.evaluate((username) => {
    localStorage.setItem('username', username);
    localStorage.setItem('isLoggedIn', 'true');
  }, wallet);
}

describe('allocation page: the logged-in user', () => {
  it('shows no personal allocation card to a visitor', async () => {
    await gotoHydrated(page, '/allocation');
    await page.getByRole('region', { name: 'Allocation Statistics' }).waitFor();
    expect(await page.getByRole('heading', { name: 'My Social Mining Allocation' }).count()).toBe(0);
  });

  it("shows the logged-in wallet's points, tokens and ratio", async () => {
    await logIn(member);
    await gotoHydrated(page, '/allocation');
    const mine = page.getByRole('region', { name: 'My Social Mining Allocation' });
    await mine.getByText(member, { exact: true }).waitFor();
    expect(await summaryIn(mine, 'Points')).toBe('4,321');
    expect(await summaryIn(mine, 'Tokens')).toBe('123,456.79');
    expect(await summaryIn(mine, 'Tokens per point')).toBe('28.571');
  });

  it('says so when the logged-in wallet has no allocation', async () => {
    await logIn(outsider);
    await gotoHydrated(page, '/allocation');
    await page
      .getByRole('region', { name: 'My Social Mining Allocation' })
      .getByText('No token allocation found for your wallet address')
      .waitFor();
  });
});

describe('allocation page in Chinese', () => {
  it('shows Chinese labels and formats numbers for zh', async () => {
    await context.addInitScript(() => localStorage.setItem('language', 'zh'));
    await gotoHydrated(page, '/allocation');
    await page.getByRole('heading', { level: 1, name: '代币分配' }).waitFor();
    await page.getByLabel('钱包地址').fill(whale);
    await page.getByRole('button', { name: '查询分配', exact: true }).click();
    // toastWithText looks for the English viewport label; the Chinese one reads '通知'.
    const toasts = page.getByRole('region', { name: /通知/ });
    await toasts.getByText('成功', { exact: true }).waitFor();
    await toasts.getByText('找到 225,000.5 枚代币！', { exact: true }).waitFor();
    await page.getByRole('list', { name: '巨鲸奖励发放计划' }).getByText('剩余 4,650 个区块').waitFor();
    await page.getByRole('button', { name: '清除' }).waitFor();
  });
});
