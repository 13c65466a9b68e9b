import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../server/features/demo/load-demo-data.js';
import { upsertAllocationSnapshot } from '../../server/features/allocation/allocation-snapshots.repository.js';
import { computeAllocationRoot } from '../../server/features/allocation/allocation-tree.js';
import { gotoHydrated } from '../helpers/browser.js';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';
import { useSharedFakeUpstream } from '../helpers/fake-upstream.js';

// The demo whale: five records (airdrop, three whale bonus releases, a staking season).
const whale = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';

const upstream = useSharedFakeUpstream({ '/tip': { kind: 'text', body: '921000' } });
const suite = useBrowserSuite(
  () => ({
    BLOCK_HEIGHT_URLS: `${upstream.url}/tip`,
    MARKETPLACE_API_BASE: upstream.url,
    UPSTREAM_TIMEOUT_MS: '500',
  }),
  { viewport: playwrightViewport },
);
let context: BrowserContext;
let page: Page;
let publishedRoot: string;

beforeAll(async () => {
  const { db } = suite.server.handle;
  await loadDemoData(db);
  await upsertAllocationSnapshot(db, { source: 'demo', asOfBlock: 921_330, importedAt: 1_754_870_400_000 });
  const computed = await computeAllocationRoot(db);
  expect(computed.root).toMatch(/^[0-9a-f]{64}$/);
  publishedRoot = computed.root!;
});
beforeEach(async () => {
  context = await suite.newContext();
  page = await context.newPage();
});

async function lookUpWhale(): Promise<void> {
  await gotoHydrated(page, '/allocation');
  await page.getByLabel('Wallet address').fill(whale);
  await page.getByRole('button', { name: 'Look Up Allocation' }).click();
  await page.getByRole('heading', { name: 'Allocation Result' }).waitFor();
}

const verdict = () => page.locator('.alloc-provenance').getByRole('status');

describe('allocation page: verify against the published root', () => {
  it('shows the snapshot block and, on Verify, that the whale matches the published root', async () => {
    await lookUpWhale();
    await page.getByText('Allocation as of block 921,330', { exact: true }).waitFor();

    const proofRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/allocation/')) proofRequests.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', { name: 'Verify' }).click();
    await verdict().getByText('Matches the published root', { exact: true }).waitFor();
    expect(await page.locator('.alloc-provenance code').textContent()).toBe(publishedRoot);
    expect(proofRequests.sort()).toEqual(['/api/allocation/proof', '/api/allocation/root']);
  });

  it('says it does not match when the served root is tampered with', async () => {
    await page.route('**/api/allocation/root', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const flipped = (body.root[0] === '0' ? '1' : '0') + body.root.slice(1);
      await route.fulfill({ response, json: { ...body, root: flipped } });
    });
    await lookUpWhale();
    await page.getByRole('button', { name: 'Verify' }).click();
    await verdict().getByText('Does not match the published root', { exact: true }).waitFor();
  });

  it('says it does not match when a proof answer raises an amount', async () => {
    await page.route('**/api/allocation/proof?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const [first, ...rest] = body.leaves;
      const raised = { ...first, micro: String(BigInt(first.micro) + 1_000_000n), tokens: first.tokens + 1 };
      await route.fulfill({ response, json: { ...body, leaves: [raised, ...rest] } });
    });
    await lookUpWhale();
    await page.getByRole('button', { name: 'Verify' }).click();
    await verdict().getByText('Does not match the published root', { exact: true }).waitFor();
  });

  it('speaks Chinese', async () => {
    await context.addInitScript(() => localStorage.setItem('language', 'zh'));
    await gotoHydrated(page, '/allocation');
    await page.getByLabel('钱包地址').fill(whale);
    await page.getByRole('button', { name: '查询分配' }).click();
    await page.getByText('分配数据截至区块 921,330', { exact: true }).waitFor();
    await page.getByRole('button', { name: '验证' }).click();
    await verdict().getByText('与公布的根一致', { exact: true }).waitFor();
  });
});
