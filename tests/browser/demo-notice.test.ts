import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoPresenceTtlMs } from '../../server/features/demo/demo-presence.js';
import { loadDemoData } from '../../server/features/demo/load-demo-data.js';
import { removeDemoData } from '../../server/features/demo/remove-demo-data.js';
import { playwrightViewport, useClockedBrowserSuite } from '../helpers/browser-suite.js';

let page: Page;
let clock = 1_000_000;

const suite = useClockedBrowserSuite(
  { BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height', MARKETPLACE_API_BASE: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: '300' },
  () => clock,
  { viewport: playwrightViewport },
);

const notice = () => page.getByRole('note').filter({ hasText: 'Demo data:' });

async function openHome() {
  const config = page.waitForResponse((response) => response.url().endsWith('/api/config'));
  await page.goto('/');
  return (await (await config).json()) as { demoData: boolean };
}

describe('demo data notice', () => {
  it('shows on every page while the demo set is loaded and goes once it is removed', async () => {
    page = await suite.newPage();
    await loadDemoData(suite.server.handle.db);
    expect((await openHome()).demoData).toBe(true);
    await notice().waitFor();
    expect(await notice().textContent()).toContain('made-up examples');
    await page.goto('/tokenomics');
    await notice().waitFor();

    await removeDemoData(suite.server.handle.db);
    clock += demoPresenceTtlMs;
    // A new visitor: /api/config may be cached by a browser for a minute.
    await page.close();
    page = await suite.newPage();
    expect((await openHome()).demoData).toBe(false);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await notice().count()).toBe(0);
  });
});
