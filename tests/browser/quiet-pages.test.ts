import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@client/lib/i18n/types';
import { collectConsoleErrors } from '../helpers/browser.js';
import { type BrowserSuite, type PageOptions, playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';
import { seedPointsAllocations } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { freePort } from '../../scripts/free-port.js';

/**
 * Lighthouse's best practices count every console error, and Chromium logs each 4xx/5xx answer as one:
 * a figure nobody configured, or an outside service that is down, is a state the page shows, not an error.
 */

const pages = ['/', '/allocation', '/tokenomics', '/memes', '/faq', '/mining', '/tokens', '/check-tokens'] as const;
const languages: Language[] = ['en', 'zh'];

// Nothing listens on a port freed just now: every call to it is refused.
let closed: number;
beforeAll(async () => {
  closed = await freePort();
});
const unreachable = () => `http://127.0.0.1:${closed}`;

interface Noise {
  consoleErrors: string[];
  failedAnswers: string[];
}

/** Console errors, and the page's own requests answered 4xx/5xx, from the moment it opens. */
function listen(page: Page, origin: string): Noise {
  const noise: Noise = { consoleErrors: collectConsoleErrors(page), failedAnswers: [] };
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && response.status() >= 400) noise.failedAnswers.push(`${response.status()} ${url.pathname}${url.search}`);
  });
  return noise;
}

async function visitQuietly(suite: BrowserSuite, path: string, options: PageOptions, settled: (page: Page) => Promise<void> = async () => {}) {
  const page = await suite.newPage(options);
  const noise = listen(page, suite.server.baseUrl);
  await page.goto(path);
  await settled(page);
  await page.waitForLoadState('networkidle');
  expect(noise).toEqual({ consoleErrors: [], failedAnswers: [] });
}

describe('no staking figure set, the explorer and the marketplace unreachable', () => {
  const suite = useBrowserSuite(
    () => ({ BLOCK_HEIGHT_URLS: `${unreachable()}/height`, MARKETPLACE_API_BASE: unreachable(), UPSTREAM_TIMEOUT_MS: '300' }),
    { viewport: playwrightViewport },
  );

  it('the home page shows the unavailable texts without an error answer or a console error', async () => {
    await visitQuietly(suite, '/', { language: 'en' }, async (page) => {
      await page.getByRole('region', { name: 'Staking Season 2' }).getByText('Live data temporarily unavailable').waitFor();
      await page.getByText('Live data unavailable', { exact: true }).waitFor();
      await page.getByText('Block height unavailable', { exact: true }).first().waitFor();
    });
  });

  for (const language of languages) {
    for (const path of pages) {
      it(`${path} in ${language} answers no request with an error and logs no console error`, async () => {
        await visitQuietly(suite, path, { language });
      });
    }
  }

  for (const path of ['/', '/allocation', '/memes', '/mining'] as const) {
    it(`${path} signed in answers no request with an error and logs no console error`, async () => {
      await visitQuietly(suite, path, { language: 'en', signedIn: mainnetWallets.taproot });
    });
  }
});

describe('the staking source configured and unreachable', () => {
  const suite = useBrowserSuite(
    () => ({
      STAKING_STATS_URL: `${unreachable()}/staking`,
      BLOCK_HEIGHT_URLS: `${unreachable()}/height`,
      MARKETPLACE_API_BASE: unreachable(),
      UPSTREAM_TIMEOUT_MS: '300',
    }),
    { viewport: playwrightViewport },
  );

  it('the home page says staking data is unavailable without an error answer or a console error', async () => {
    await visitQuietly(suite, '/', { language: 'en' }, async (page) => {
      await page.getByRole('region', { name: 'Staking Season 2' }).getByText('Live data temporarily unavailable').waitFor();
    });
  });
});

describe('a points list loaded, the signed-in wallet not in it', () => {
  const suite = useBrowserSuite(
    () => ({ BLOCK_HEIGHT_URLS: `${unreachable()}/height`, MARKETPLACE_API_BASE: unreachable(), UPSTREAM_TIMEOUT_MS: '300' }),
    { viewport: playwrightViewport },
  );
  beforeAll(async () => {
    await seedPointsAllocations(suite.server.handle.db, [{ wallet: mainnetWallets.legacy, points: 100, tokens: '1000' }]);
  });

  it('/allocation says the wallet has no allocation without an error answer or a console error', async () => {
    await visitQuietly(suite, '/allocation', { language: 'en', signedIn: mainnetWallets.taproot }, async (page) => {
      await page.getByText('No token allocation found for your wallet address', { exact: true }).waitFor();
    });
  });
});
