import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { readClientManifest } from '../../scripts/first-paint.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { eventually } from '../helpers/browser.js';

const clientDir = path.resolve(process.env.TEST_CLIENT_DIR ?? 'dist/client');
const chunkOf = (source: string) => {
  const file = readClientManifest(clientDir)[source]?.file;
  if (!file) throw new Error(`${source} is not a chunk of ${clientDir}`);
  return file;
};

let page: Page;

const suite = useBrowserSuite();
beforeEach(async () => {
  // A short window, so the pages scroll.
  page = await suite.newPage({ viewport: { width: 360, height: 400 } });
});

const scrollY = () => page.evaluate(() => window.scrollY);

describe('navigation (react-router, declarative mode)', () => {
  it('opens a linked page at its top', async () => {
    await page.goto('/check-tokens');
    const link = page.getByRole('main').getByRole('link', { name: /^Tokenomics/ });
    // The link just inside the bottom edge: scrolled no further than needed.
    await link.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 4));
    const before = await scrollY();
    expect(before).toBeGreaterThan(0);

    await link.click();
    await page.waitForURL('**/tokenomics');
    await page.getByRole('heading', { level: 1, name: 'Tokenomics' }).waitFor();
    // The page is long enough to have kept that position: a scroll of 0 is the reset, not the browser clamping.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(before);
    await eventually(scrollY).toBe(0);
  });

  it('keeps the scroll position when a tab switch replaces the query', async () => {
    await page.goto('/tokenomics?tab=overview');
    const airdrop = page.getByRole('tab', { name: 'Airdrop', exact: true });
    await airdrop.waitFor();
    await page.evaluate(() => {
      const tabs = document.querySelector('[role="tablist"]');
      if (tabs) window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 20);
    });
    const before = await scrollY();
    expect(before).toBeGreaterThan(0);

    await airdrop.click();
    await page.waitForURL('**/tokenomics?tab=airdrop');
    await page.getByRole('tabpanel', { name: 'Airdrop' }).waitFor();
    expect(await scrollY()).toBe(before);
  });

  it('shows the error card under the header when a page’s code cannot load, and the next page normally', async () => {
    await page.route(`**/${chunkOf('src/app/routes/tokenomics.tsx')}`, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const nav = page.getByRole('navigation');

    await nav.getByRole('link', { name: 'Tokenomics' }).click();
    await page.waitForURL('**/tokenomics');
    const alert = page.getByRole('main').getByRole('alert');
    await alert.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await alert.getByRole('button', { name: 'Reload page' }).waitFor();
    expect(await page.getByRole('banner').isVisible()).toBe(true);

    await nav.getByRole('link', { name: 'Token Calculator' }).click();
    await page.waitForURL('**/allocation');
    await page.getByRole('heading', { level: 1, name: 'Token Allocation' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
