import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@client/lib/i18n/types';
import { eventually, gotoHydrated } from '../helpers/browser.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { runCli } from '../helpers/run-cli.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

/**
 * Launch day as the operator runs it: the list hidden until the reveal, the operator's CSV imported with
 * `npm run import:allocations`, then `npm run launch -- reveal-now`; no points list (`import:points`,
 * `allocate`) is ever loaded. The allocation page must describe the imported list.
 */
const suite = useBrowserSuite({
  ALLOCATION_REVEAL_AT: new Date(Date.now() + 24 * 3_600_000).toISOString(),
  BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height',
  MARKETPLACE_API_BASE: 'http://127.0.0.1:9',
  UPSTREAM_TIMEOUT_MS: '300',
});

// 24 wallets: the first is the whale, every third also staked. Holder Airdrop 1,000.5 × (1 + … + 24) =
// 300,150; Staking Season 1 8 × 250.25 = 2,002; Whale Bonus #1 50,000: 352,152 tokens in all.
const whale = mainnetWallets.taproot;
const wallets: string[] = [whale, mainnetWallets.segwitKey, mainnetWallets.segwitScript, mainnetWallets.p2sh, mainnetWallets.legacy];
for (let index = wallets.length; index < 24; index += 1) wallets.push(`${fakeWallet('bc1q', 40)}${String(index).padStart(2, '0')}`);
const csvRows = wallets.flatMap((wallet, index) => [
  `${wallet},Holder Airdrop,${(index + 1) * 1000.5}`,
  ...(index % 3 === 0 ? [`${wallet},Staking Season 1,250.25`] : []),
  ...(wallet === whale ? [`${wallet},Whale Bonus #1,50000`] : []),
]);

const texts = {
  en: {
    stats: 'Allocation Statistics',
    total: 'Total Tokens Allocated',
    wallets: 'Wallets',
    byCategory: 'By Category',
    holders: 'Top Holders',
    noAllocations: 'No allocations yet',
    socialMining: 'Social Mining',
    notFound: 'No token allocation found for your wallet address',
  },
  zh: {
    stats: '分配统计',
    total: '已分配代币总量',
    wallets: '钱包数',
    byCategory: '按类别',
    holders: '持有者排行',
    noAllocations: '暂无分配',
    socialMining: '社交挖矿',
    notFound: '未找到您钱包地址的代币分配',
  },
} as const;

let folder: string;
beforeAll(async () => {
  const { server } = suite;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'allocation-list-'));
  const file = path.join(folder, 'allocations.csv');
  fs.writeFileSync(file, ['wallet_address,category,tokens', ...csvRows].join('\n') + '\n');

  const imported = await runCli('import:allocations', [file, '--as-of-block', '915000', '--allow-unchecked-addresses'], server.config);
  expect(imported.code, imported.stderr).toBe(0);
  // Still hidden: the list's figures are refused like the lookup.
  expect((await server.api.inject({ method: 'GET', url: '/api/allocation/stats' })).json().error).toBe('NOT_YET_REVEALED');

  const revealed = await runCli('launch', ['reveal-now'], server.config);
  expect(revealed.code, revealed.stderr).toBe(0);
  // The server follows the launch state within 5 s.
  let status = 0;
  for (const deadline = Date.now() + 15_000; status !== 200 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await server.api.inject({ method: 'GET', url: '/api/allocation/stats' })).statusCode;
  }
  expect(status).toBe(200);
  expect((await server.api.inject({ method: 'GET', url: '/api/tokens/stats' })).json().totalAllocations).toBe(0);
}, 180_000);
afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** The value of a term/definition pair whose term reads exactly `label` (its first definition). */
async function summaryIn(page: Page, region: string, label: string): Promise<string | null> {
  const term = page.getByRole('region', { name: region, exact: true }).getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
  return term.locator('xpath=..').getByRole('definition').first().textContent();
}

async function expectListOnPage(page: Page, language: Language): Promise<void> {
  const t = texts[language];
  await gotoHydrated(page, '/allocation');
  await eventually(() => summaryIn(page, t.stats, t.total)).toBe('352,152');
  expect(await summaryIn(page, t.stats, t.wallets)).toBe('24');
  expect(await summaryIn(page, t.stats, 'Whale Bonus #1')).toBe('50,000');
  expect(await summaryIn(page, t.stats, 'Holder Airdrop')).toBe('300,150');
  expect(await summaryIn(page, t.stats, 'Staking Season 1')).toBe('2,002');

  const rows = page.getByRole('table', { name: t.holders, exact: true }).locator('tbody tr');
  await eventually(() => rows.count()).toBe(20);
  expect(await rows.first().getByTitle(whale).textContent()).toBe(`${whale.slice(0, 8)}...${whale.slice(-8)}`);
  // One column, one number of decimals.
  expect(await rows.first().getByRole('cell').last().textContent()).toBe('51,250.75');
  expect(await rows.nth(1).getByRole('cell').last().textContent()).toBe('24,012.00');
  expect(await rows.nth(2).getByRole('cell').last().textContent()).toBe('23,011.50');
  expect(await rows.nth(3).getByRole('cell').last().textContent()).toBe('22,261.25');

  // No card speaks for a points list that was never loaded.
  const main = page.locator('main');
  expect(await main.getByText(t.noAllocations).count()).toBe(0);
  expect(await main.getByRole('heading', { name: t.socialMining }).count()).toBe(0);
  const figures = await main.locator('.card dd').allTextContents();
  expect(figures.length).toBeGreaterThan(0);
  expect(figures.filter((figure) => /^0(\.0+)?$/.test(figure.trim()))).toEqual([]);
}

describe('allocation page after the import and the reveal, with no points list', () => {
  for (const language of ['en', 'zh'] as const) {
    it(`shows the imported list's totals, categories and top holders, and no card of 0 tokens (${language})`, async () => {
      await expectListOnPage(await suite.newPage(language), language);
    });

    it(`tells a signed-in holder on the list nothing about a missing allocation (${language})`, async () => {
      const page = await suite.newPage(language);
      const login = await page.request.post('/api/auth/login', { data: { walletAddress: mainnetWallets.segwitKey } });
      expect(login.status()).toBe(200);
      await page.goto('/');
      await page.evaluate((username) => {
        localStorage.setItem('username', username);
        localStorage.setItem('isLoggedIn', 'true');
      }, mainnetWallets.segwitKey);
      await expectListOnPage(page, language);
      expect(await page.locator('main').getByText(texts[language].notFound).count()).toBe(0);
    });
  }
});
