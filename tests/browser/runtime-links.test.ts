import { describe, expect, it } from 'vitest';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';

// The same built client as every other test: only the environment differs.
const suite = useBrowserSuite(
  {
    LINK_STAKING_LOCKER: 'https://locker.acorn.example/stake',
    LINK_TRADE_TOKEN: 'https://trade.acorn.example/ACORN',
    BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height',
    MARKETPLACE_API_BASE: 'http://127.0.0.1:9',
    UPSTREAM_TIMEOUT_MS: '300',
  },
  { viewport: playwrightViewport },
);

describe('external links set by environment variable', () => {
  it('opens the operator-configured addresses, with no rebuild', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    const locker = page.locator('a[href="https://locker.acorn.example/stake"]');
    await locker.waitFor();
    expect(await locker.getAttribute('target')).toBe('_blank');
    expect(await page.locator('a[href*="lock.acorn-squirrels.xyz"]').count()).toBe(0);

    await page.goto('/tokens');
    await page.locator('a[href="https://trade.acorn.example/ACORN"]').first().waitFor();
    expect(await page.locator('a[href*="magiceden.io/runes"]').count()).toBe(0);
  });
});
