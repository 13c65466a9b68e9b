import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeExplorer } from '../../scripts/fake-explorer/fake-explorer.js';
import { importAllocationsFile, importPayoutsFile } from '../../server/features/imports/index.js';
import { createPayoutCheck } from '../../server/features/payouts/index.js';
import { grant } from '../helpers/admin-callers.js';
import { axeViolations } from '../helpers/axe.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { signInToConsole } from '../helpers/console-sign-in.js';
import { mainnetWallets } from '../helpers/wallets.js';

const suite = useBrowserSuite({ BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height', MARKETPLACE_API_BASE: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: '300' });
const { segwitKey, legacy, p2sh, taproot } = mainnetWallets;
const tx = (digit: string) => digit.repeat(64);

const texts = {
  en: {
    nav: 'Console sections',
    distribution: 'Distribution',
    holders: 'Holder Airdrop: 1 of 2 wallets paid',
    whales: 'Whale Bonus #1: 0 of 1 wallets paid',
    states: { notSent: 'Not sent', unchecked: 'Unchecked', confirmed: 'Confirmed', wrongAddress: 'Wrong address' },
    problems: 'Problem payouts (1)',
    reason: 'Output 1 of the transaction does not pay this wallet.',
    importNote: 'Payouts are recorded with npm run import:payouts.',
    download: 'Download the owed list (CSV)',
  },
  zh: {
    nav: '后台栏目',
    distribution: '发放',
    holders: 'Holder Airdrop：2 个钱包中已付 1 个',
    whales: 'Whale Bonus #1：1 个钱包中已付 0 个',
    states: { notSent: '未发送', unchecked: '未检查', confirmed: '已确认', wrongAddress: '地址错误' },
    problems: '有问题的付款（1 笔）',
    reason: '该交易的输出 1 没有支付到此钱包。',
    importNote: '付款记录通过 npm run import:payouts 导入。',
    download: '下载待发放名单（CSV）',
  },
} as const;

let folder: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-distribution-'));
  const db = suite.server.handle.db;
  const list = path.join(folder, 'list.csv');
  fs.writeFileSync(
    list,
    [
      'wallet_address,category,tokens',
      `${segwitKey},Holder Airdrop,34123`,
      `${segwitKey},Whale Bonus #1,3753.53`,
      `${legacy},Holder Airdrop,0.000001`,
      `${p2sh},Staking Season 1,1234567.891011`,
    ].join('\n') + '\n',
  );
  expect((await importAllocationsFile(db, list, { source: 'tge' })).ok).toBe(true);

  // Transaction a pays segwitKey at output 0 and taproot (not legacy, who named output 1) at output 1; b is unknown.
  const explorer = await startFakeExplorer();
  try {
    explorer.broadcast(tx('a'), [{ address: segwitKey }, { address: taproot }]);
    explorer.confirm(tx('a'), 900_000);
    const payouts = path.join(folder, 'payouts.csv');
    fs.writeFileSync(
      payouts,
      ['wallet_address,category,txid,vout', `${segwitKey},Holder Airdrop,${tx('a')},0`, `${legacy},Holder Airdrop,${tx('a')},1`, `${p2sh},Staking Season 1,${tx('b')},`].join('\n') + '\n',
    );
    expect((await importPayoutsFile(db, payouts)).ok).toBe(true);
    const config = suite.server.config;
    const check = createPayoutCheck({
      db,
      dialect: config.databaseUrl ? 'postgres' : 'sqlite',
      dataDir: config.dataDir,
      config: { explorerApiUrls: [explorer.base], explorerRequestsPerMinute: 30, finalConfirmations: 6, notFoundMs: 24 * 3_600_000, explorerTxUrl: `${explorer.base}/tx` },
      timeoutMs: 2000,
      tipHeight: async () => 900_000,
    });
    // The server's own check (its explorer unreachable) may hold the turn for a moment.
    while ((await check.run()) === 'busy');
  } finally {
    await explorer.close();
  }
});

afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe.each(['en', 'zh'] as const)('the distribution section of /admin (%s)', (language) => {
  const text = texts[language];

  it('an admin reads the wallets and tokens per category and payout state, the problem payouts, and downloads the owed list', async () => {
    const admin = createTestWallet('p2tr');
    await grant(suite.server, admin.address, 'admin');
    const page = await signInToConsole(suite, language, admin);

    const link = page.getByRole('navigation', { name: text.nav }).getByRole('link', { name: text.distribution, exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/distribution');

    const holders = page.getByRole('table', { name: text.holders });
    await holders.waitFor();
    const row = async (table: typeof holders, state: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: state, exact: true }) }).getByRole('cell').allInnerTexts();
    expect(await row(holders, text.states.confirmed)).toEqual(['1', '34,123.000000']);
    expect(await row(holders, text.states.wrongAddress)).toEqual(['1', '0.000001']);
    expect(await row(holders, text.states.notSent)).toEqual(['0', '0.000000']);
    const whales = page.getByRole('table', { name: text.whales });
    expect(await row(whales, text.states.notSent)).toEqual(['1', '3,753.53']);
    expect(await row(whales, text.states.confirmed)).toEqual(['0', '0.00']);

    const problems = page.getByRole('table', { name: text.problems });
    expect(await problems.getByRole('rowheader').allInnerTexts()).toEqual([legacy]);
    const cells = await problems.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 2)).toEqual(['Holder Airdrop', `${tx('a')}:1`]);
    expect(cells[2]).toContain(text.states.wrongAddress);
    expect(cells[2]).toContain(text.reason);

    expect(await page.getByRole('main').innerText()).toContain(text.importNote);
    expect(await axeViolations(page, 'main')).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: text.download }).click()]);
    expect(download.suggestedFilename()).toBe('owed.csv');
    const owed = fs.readFileSync((await download.path())!, 'utf8');
    expect(owed).toBe(`wallet_address,category,tokens\n${legacy},Holder Airdrop,0.000001\n${segwitKey},Whale Bonus #1,3753.53\n`);
  });
});
