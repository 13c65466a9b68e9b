import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type FakeExplorer, startFakeExplorer } from '../../scripts/fake-explorer/fake-explorer.js';
import { importPayoutsFile } from '../../server/features/imports/index.js';
import type { Language } from '@client/lib/i18n/types';
import { useClockedBrowserSuite } from '../helpers/browser-suite.js';
import { axeViolations } from '../helpers/axe.js';
import { type ClockedServer, gotoHydrated } from '../helpers/browser.js';
import { perFile } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** A holder sees which transfer paid each category, and a whale release past its block is not "Distributed!" until it is paid. */

// Past release #1 (917,010), before release #2 (921,330).
const tipHeight = 921_000;
const holder = mainnetWallets.segwitKey;
const paidTx = `1a2b${'0'.repeat(56)}9f0e`;
const unpaidHolder = mainnetWallets.legacy;
const holderRecords = [
  { wallet: unpaidHolder, category: 'Public Sale', tokens: '100' },
  { wallet: holder, category: 'Holder Airdrop', tokens: '34123' },
  { wallet: holder, category: 'Staking Season 1', tokens: '2500' },
  { wallet: holder, category: 'Whale Bonus #1', tokens: '7506.06' },
  { wallet: holder, category: 'Whale Bonus #2', tokens: '11259.59' },
];

/** The Esplora fake the server asks about the tip and the payouts' transactions, for all the file's servers. */
const explorer = perFile(async () => {
  const fake = await startFakeExplorer();
  fake.setTipHeight(tipHeight);
  return fake;
});
const serverEnv = (fake: FakeExplorer) => ({ ...fake.env, UPSTREAM_TIMEOUT_MS: '500' });

const texts = {
  en: {
    lookUp: 'Look Up Allocation',
    walletLabel: 'Wallet address',
    tge: 'TGE Distribution',
    schedule: 'Whale Bonus Schedule',
    confirmed: 'Transfer confirmed in block 920,991 (tx 1a2b…9f0e',
    confirmations: '10 confirmations',
    indexers: "The token amount is credited by the token's indexers.",
    notSent: 'Not sent yet',
    releasedNotSent: 'Released — not sent yet',
    distributed: 'Distributed!',
    txLink: /tx 1a2b…9f0e/,
  },
  zh: {
    lookUp: '查询分配',
    walletLabel: '钱包地址',
    tge: 'TGE 分配明细',
    schedule: '巨鲸奖励发放计划',
    confirmed: '转账已在区块 920,991 中确认（交易 1a2b…9f0e',
    confirmations: '10 个确认',
    indexers: '代币数量由该代币的索引器记入。',
    notSent: '尚未发送',
    releasedNotSent: '已释放 — 尚未发送',
    distributed: '已发放！',
    txLink: /交易 1a2b…9f0e/,
  },
} as const;

async function lookUp(page: Page, language: Language, wallet: string) {
  const text = texts[language];
  await gotoHydrated(page, '/allocation');
  await page.getByLabel(text.walletLabel).fill(wallet);
  await page.getByRole('button', { name: text.lookUp, exact: true }).click();
}

/** Each list item's text, by the category it names. */
async function itemsOf(page: Page, listName: string): Promise<Record<string, string>> {
  const list = page.getByRole('list', { name: listName });
  await list.waitFor();
  const items = await list.getByRole('listitem').allTextContents();
  return Object.fromEntries(items.map((item) => [/^(Holder Airdrop|Staking Season 1|Whale Bonus #\d)/.exec(item)?.[1] ?? item, item]));
}

/** The file's server for a describe block: the holder's records, then `setUp`. */
function serverWith(setUp: (server: ClockedServer) => Promise<void>) {
  const suite = useClockedBrowserSuite(() => serverEnv(explorer), () => Date.now());
  beforeAll(async () => {
    await seedAllocationRecords(suite.server.handle.db, holderRecords);
    await setUp(suite.server);
  });
  return suite;
}

describe('with payouts recorded: one category paid and confirmed, the others not sent', () => {
  const suite = serverWith(async (server) => {
    const file = path.join(server.config.dataDir, 'payouts.csv');
    fs.writeFileSync(file, `wallet_address,category,txid,vout\n${holder},Holder Airdrop,${paidTx},0\n`);
    expect((await importPayoutsFile(server.handle.db, file, { source: 'batch-1' })).ok).toBe(true);
    explorer.broadcast(paidTx, [{ address: holder }]);
    explorer.confirm(paidTx, tipHeight - 9);
    expect(await server.app.payoutCheck.run()).toMatchObject({ checked: 1 });
  });

  it.each(['en', 'zh'] as const)('%s: shows the confirmed transfer with its explorer link, the unpaid category not sent, and a past whale release not sent', async (language) => {
    const text = texts[language];
    const page = await suite.newPage(language);
    onTestFinished(() => page.close());
    await lookUp(page, language, holder);

    const tge = await itemsOf(page, text.tge);
    expect(tge['Holder Airdrop']).toContain(text.confirmed);
    expect(tge['Holder Airdrop']).toContain(text.confirmations);
    expect(tge['Holder Airdrop']).toContain(text.indexers);
    expect(tge['Staking Season 1']).toContain(text.notSent);
    expect(tge['Staking Season 1']).not.toContain(text.indexers);

    const link = page.getByRole('link', { name: text.txLink });
    expect(await link.getAttribute('href')).toBe(`https://mempool.space/tx/${paidTx}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    await page.getByRole('list', { name: text.schedule }).getByText(text.releasedNotSent).waitFor();
    const releases = await itemsOf(page, text.schedule);
    expect(releases['Whale Bonus #1']).toContain(text.releasedNotSent);
    expect(releases['Whale Bonus #1']).not.toContain(text.distributed);
    // Not yet at its block: the countdown, as before.
    expect(releases['Whale Bonus #2']).not.toContain(text.releasedNotSent);
    expect(releases['Whale Bonus #2']).not.toContain(text.distributed);
    expect(await axeViolations(page, '.alloc-result')).toEqual([]);
  });

  it('several addresses at once: each found address lists its categories with their payouts', async () => {
    const page = await suite.newPage('en');
    onTestFinished(() => page.close());
    await lookUp(page, 'en', `${holder}\n${unpaidHolder}`);
    const rows = page.getByRole('region', { name: 'Results by address' }).getByRole('list', { name: 'Payouts by category' });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain(texts.en.confirmed);
    expect(await rows.nth(0).textContent()).toContain('Staking Season 1Not sent yet');
    expect(await rows.nth(1).textContent()).toBe('Public SaleNot sent yet');
  });
});

describe('with no payout recorded at all', () => {
  const suite = serverWith(async () => {});

  it.each(['en', 'zh'] as const)("%s: keeps the spec's schedule: a release past its block says Distributed!, and no category says Not sent yet", async (language) => {
    const text = texts[language];
    const page = await suite.newPage(language);
    onTestFinished(() => page.close());
    await lookUp(page, language, holder);

    await page.getByRole('list', { name: text.schedule }).getByText(text.distributed).waitFor();
    const releases = await itemsOf(page, text.schedule);
    expect(releases['Whale Bonus #1']).toContain(text.distributed);
    expect(releases['Whale Bonus #1']).not.toContain(text.releasedNotSent);
    const tge = await itemsOf(page, text.tge);
    expect(Object.values(tge).join(' ')).not.toContain(text.notSent);
  });
});
