import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { gotoHydrated, toastWithText } from '../helpers/browser.js';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';
import { useSharedFakeUpstream } from '../helpers/fake-upstream.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** Several addresses at once, and a receipt a holder keeps and checks later without the server. */

const ordinals = mainnetWallets.taproot;
const payment = mainnetWallets.segwitKey;
const unknown = mainnetWallets.p2sh;

const upstream = useSharedFakeUpstream({ '/tip': { kind: 'text', body: '921000' } });
const suite = useBrowserSuite(
  () => ({ BLOCK_HEIGHT_URLS: `${upstream.url}/tip`, MARKETPLACE_API_BASE: upstream.url, UPSTREAM_TIMEOUT_MS: '500' }),
  { viewport: playwrightViewport },
);
let context: BrowserContext;
let page: Page;
let downloads: string;

beforeAll(async () => {
  await seedAllocationRecords(suite.server.handle.db, [
    { wallet: ordinals, category: 'Holder Airdrop', tokens: '34123.1' },
    { wallet: ordinals, category: 'Whale Bonus #1', tokens: '7506.06' },
    { wallet: payment, category: 'Holder Airdrop', tokens: '0.2' },
    { wallet: payment, category: 'Public Sale', tokens: '1500' },
  ]);
  downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'receipts-'));
});
afterAll(() => fs.rmSync(downloads, { recursive: true, force: true }));
beforeEach(async () => {
  context = await suite.newContext({ context: { acceptDownloads: true } });
  page = await context.newPage();
});

const results = () => page.locator('.alloc-many__item');

async function lookUpAll(label: string, button: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(`${ordinals}\n${unknown}, ${payment.toUpperCase()}`);
  await page.getByRole('button', { name: button }).click();
}

describe('allocation page: several addresses', () => {
  it('looks up two found addresses and an unknown one together: each result, then the combined total', async () => {
    await gotoHydrated(page, '/allocation');
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/allocation/lookup-many')) sent.push(request.postDataJSON());
    });
    await lookUpAll('Wallet address', 'Look Up Allocation');

    await toastWithText(page, 'Found 43,129.36 tokens across 2 addresses!').waitFor();
    expect(sent).toEqual([{ walletAddresses: [ordinals, unknown, payment.toUpperCase()] }]);
    expect(await results().allTextContents()).toEqual([
      expect.stringContaining('41,629.16 ACORN found'),
      expect.stringContaining('No allocation found'),
      expect.stringContaining('1,500.2 ACORN found'),
    ]);
    expect(await results().nth(2).locator('.alloc-many__address').textContent()).toBe(payment);
    const total = page.getByRole('region', { name: 'Combined total' });
    expect(await total.getByRole('definition').first().textContent()).toBe('43,129.36 ACORN');
    expect(await total.getByRole('list', { name: 'Categories across all addresses' }).getByRole('listitem').allTextContents()).toEqual([
      'Holder Airdrop 34,123.3 ACORN',
      'Whale Bonus #1 7,506.06 ACORN',
      'Public Sale 1,500 ACORN',
    ]);
    // The single-address hint is for one address only.
    expect(await page.getByRole('heading', { name: 'No allocation found for this address' }).count()).toBe(0);
  });

  it('speaks Chinese', async () => {
    await context.addInitScript(() => localStorage.setItem('language', 'zh'));
    await gotoHydrated(page, '/allocation');
    await lookUpAll('钱包地址', '查询分配');
    await page.getByText('在 2 个地址中共找到 43,129.36 个代币！', { exact: true }).waitFor();
    expect(await results().nth(1).textContent()).toContain('未找到分配');
    await page.getByRole('region', { name: '合计' }).getByText('43,129.36 ACORN', { exact: true }).waitFor();
  });
});

describe('allocation page: receipts', () => {
  async function downloadReceipt(downloadLabel: string): Promise<string> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: downloadLabel }).click()]);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    return file;
  }

  async function lookUpOrdinals(label: string, button: string): Promise<void> {
    await gotoHydrated(page, '/allocation');
    await page.getByLabel(label, { exact: true }).fill(ordinals);
    await page.getByRole('button', { name: button }).click();
  }

  it('downloads a receipt, and Verify a receipt says it verifies without asking the server; a tampered one fails', async () => {
    await lookUpOrdinals('Wallet address', 'Look Up Allocation');
    await page.getByRole('heading', { name: 'Allocation Result' }).waitFor();
    const file = await downloadReceipt('Download receipt');
    expect(path.basename(file)).toBe(`allocation-receipt-${ordinals}.json`);
    const receipt = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(receipt).toMatchObject({ format: 'allocation-receipt', version: 1, walletAddress: ordinals, leafCount: 4 });
    expect(receipt.leaves).toHaveLength(2);

    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push(request.url());
    });
    const picker = page.getByLabel('Receipt file');
    const verdict = page.locator('.alloc-receipt').getByRole('status');
    await picker.setInputFiles(file);
    await verdict.getByText(`This receipt verifies: every record of ${ordinals} leads to the root below.`, { exact: true }).waitFor();
    expect(await page.locator('.alloc-receipt code').textContent()).toBe(receipt.root);

    const tampered = path.join(downloads, 'tampered.json');
    receipt.leaves[0].micro = String(BigInt(receipt.leaves[0].micro) + 1_000_000n);
    fs.writeFileSync(tampered, JSON.stringify(receipt));
    await picker.setInputFiles(tampered);
    await verdict.getByText('This receipt does not verify: its records do not lead to its root.', { exact: true }).waitFor();

    const notReceipt = path.join(downloads, 'other.json');
    fs.writeFileSync(notReceipt, '{"hello":"world"}');
    await picker.setInputFiles(notReceipt);
    await verdict.getByText('This file is not an allocation receipt.', { exact: true }).waitFor();
    // The check itself asks nothing; only the list of published roots is fetched, to say where a root stands.
    expect(apiCalls.filter((url) => !url.endsWith('/api/allocation/roots'))).toEqual([]);
  });

  it('offers the receipt of each found address in a multi-address result, in Chinese too', async () => {
    await context.addInitScript(() => localStorage.setItem('language', 'zh'));
    await gotoHydrated(page, '/allocation');
    await lookUpAll('钱包地址', '查询分配');
    await results().first().waitFor();
    expect(await page.getByRole('button', { name: '下载凭证' }).count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), results().nth(2).getByRole('button', { name: '下载凭证' }).click()]);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    await page.getByLabel('凭证文件').setInputFiles(file);
    await page.locator('.alloc-receipt').getByText(`凭证验证通过：${payment} 的每条记录都指向下方的根。`, { exact: true }).waitFor();
  });
});

describe('allocation page: a connected wallet', () => {
  /** A stand-in with the shape of Xverse's injected provider, sharing an ordinals and a payment address. */
  function installXverse({ ordinalsAddress, paymentAddress }: { ordinalsAddress: string; paymentAddress: string }) {
    const request = async (method: string) => {
      if (method !== 'getAccounts') return { jsonrpc: '2.0', id: '1', error: { code: -32601, message: 'Method not found' } };
      const result = [
        { address: paymentAddress, purpose: 'payment', addressType: 'p2wpkh' },
        { address: ordinalsAddress, purpose: 'ordinals', addressType: 'p2tr' },
      ];
      return { jsonrpc: '2.0', id: '1', result };
    };
    (window as unknown as { XverseProviders: object }).XverseProviders = { BitcoinProvider: { request } };
  }

  it('looks up both addresses the wallet shares together: each result and the total', async () => {
    await context.addInitScript(installXverse, { ordinalsAddress: ordinals, paymentAddress: payment });
    await gotoHydrated(page, '/allocation');
    await page.getByRole('button', { name: 'All addresses in Xverse' }).click();
    await toastWithText(page, 'Found 43,129.36 tokens across 2 addresses!').waitFor();
    await page.getByText('Looking up the 2 addresses your connected wallet shares.', { exact: true }).waitFor();
    expect(await results().allTextContents()).toEqual([
      expect.stringContaining(`${payment}1,500.2 ACORN found`),
      expect.stringContaining(`${ordinals}41,629.16 ACORN found`),
    ]);
    expect(await page.getByLabel('Wallet address', { exact: true }).inputValue()).toBe(`${payment}\n${ordinals}`);
    await page.getByRole('region', { name: 'Combined total' }).getByText('43,129.36 ACORN', { exact: true }).waitFor();
  });

  it('speaks Chinese', async () => {
    await context.addInitScript(() => localStorage.setItem('language', 'zh'));
    await context.addInitScript(installXverse, { ordinalsAddress: ordinals, paymentAddress: payment });
    await gotoHydrated(page, '/allocation');
    await page.getByRole('button', { name: 'Xverse 中的所有地址' }).click();
    await page.getByText('在 2 个地址中共找到 43,129.36 个代币！', { exact: true }).waitFor();
    await page.getByText('正在查询您已连接钱包提供的 2 个地址。', { exact: true }).waitFor();
    await page.getByRole('region', { name: '合计' }).getByText('43,129.36 ACORN', { exact: true }).waitFor();
  });

  /** UniSat's injected provider, sharing two accounts and signing with the test's key. */
  function installUnisat({ accounts }: { accounts: string[] }) {
    const sign = (window as unknown as { __signWithTestKey: (message: string) => Promise<string> }).__signWithTestKey;
    (window as unknown as { unisat: object }).unisat = {
      requestAccounts: async () => accounts,
      getAccounts: async () => accounts,
      signMessage: async (message: string) => sign(message),
    };
  }

  it('after signing in with a wallet, looks up every address it shares as the allocation page opens', async () => {
    const wallet = createTestWallet('p2tr');
    const other = createTestWallet('p2wpkh').address;
    await seedAllocationRecords(suite.server.handle.db, [
      { wallet: wallet.address, category: 'Holder Airdrop', tokens: '100' },
      { wallet: other, category: 'Public Sale', tokens: '0.5' },
    ]);
    await context.exposeFunction('__signWithTestKey', (message: string) => wallet.sign(message));
    await context.addInitScript(installUnisat, { accounts: [wallet.address, other] });
    await page.goto('/mining');
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'UniSat' }).click();
    await toastWithText(page, 'Signed in with UniSat. You are the verified owner of this wallet.').waitFor();

    await gotoHydrated(page, '/allocation');
    await toastWithText(page, 'Found 100.5 tokens across 2 addresses!').waitFor();
    expect(await results().allTextContents()).toEqual([
      expect.stringContaining(`${wallet.address}100 ACORN found`),
      expect.stringContaining(`${other}0.5 ACORN found`),
    ]);
  });

  it('offers nothing when no wallet is installed', async () => {
    await gotoHydrated(page, '/allocation');
    await page.getByRole('heading', { name: 'Verify a receipt' }).waitFor();
    expect(await page.getByRole('button', { name: /All addresses in/ }).count()).toBe(0);
  });
});
