import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setStakingStats } from '../../server/features/settings/settings.repository.js';
import { defaultExternalLinks as externalLinks } from '../../shared/links.js';
import { playwrightViewport, useClockedBrowserSuite } from '../helpers/browser-suite.js';
import { gotoHydrated, type RunningServer } from '../helpers/browser.js';
import type { FakeUpstream } from '../../scripts/fake-x/fake-upstream.js';
import { useSharedFakeUpstream } from '../helpers/fake-upstream.js';

const statPath = '/v2/ord/btc/stat';
const marketOk = { kind: 'json', body: { floorPrice: '1500000', supply: '3420' } } as const;
const failing = { kind: 'text', body: 'upstream down', status: 500 } as const;
/** After a failed call the server does not ask that upstream again for this long. */
const upstreamBackOffMs = 10_000;

let page: Page;

/**
 * One fake upstream and one app (a browser suite) per scenario: the app caches upstream answers
 * (30 s / 5 min), so a different answer needs a fresh instance.
 */
function scenario(setUp: (upstream: FakeUpstream) => void, seed?: (server: RunningServer) => Promise<void>) {
  let clockAhead = 0;
  const upstream = useSharedFakeUpstream();
  beforeAll(() => setUp(upstream));
  const suite = useClockedBrowserSuite(
    () => ({
      BLOCK_HEIGHT_URLS: `${upstream.url}/primary/height`,
      MARKETPLACE_API_BASE: upstream.url,
      UPSTREAM_TIMEOUT_MS: '500',
    }),
    // A test moves the server's clock past the back-off after a failed upstream (10 s).
    () => Date.now() + clockAhead,
    { viewport: playwrightViewport },
  );
  beforeAll(async () => {
    await seed?.(suite.server);
  });
  beforeEach(async () => {
    page = await suite.newPage();
  });
  return {
    upstream,
    get server(): RunningServer {
      return suite.server;
    },
    get clockAhead() {
      return clockAhead;
    },
    set clockAhead(ms: number) {
      clockAhead = ms;
    },
  };
}

const seasonCard = () => page.getByRole('region', { name: 'Staking Season 2' });
const collectionCard = () => page.getByRole('region', { name: 'Acorn Squirrels' });

/** Asks until the server has tried upstream again, failed, and says its value is stale. */
async function untilStale(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const body = (await (await fetch(url)).json()) as { stale: boolean };
    if (body.stale) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never became stale`);
}

async function expectNewTabLink(link: Locator, href: string) {
  expect(await link.getAttribute('href')).toBe(href);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
}

describe('home after season 2, with live market and staking data', () => {
  scenario(
    (upstream) => {
      upstream.set('/primary/height', { kind: 'text', body: '921331' });
      upstream.set(statPath, marketOk);
    },
    (server) => setStakingStats(server.handle.db, { lockedCount: 1710 }),
  );

  it('shows Season Ended once the tip is past block 921,330, with a full progress bar', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Acorn' }).waitFor();
    await seasonCard().getByText('Season Ended', { exact: true }).waitFor();
    const bar = seasonCard().getByRole('progressbar', { name: 'Season 2 progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await seasonCard().getByText('92,117,455').waitFor();
    await seasonCard().getByText('Current block 921,331').waitFor();
    await expectNewTabLink(seasonCard().getByRole('link', { name: /staking locker/ }), externalLinks.stakingLocker);
  });

  it('shows the floor price in BTC and the total items from the marketplace', async () => {
    await page.goto('/');
    const card = collectionCard();
    await card.getByText('0.015 BTC', { exact: true }).waitFor();
    await card.getByText('3,420', { exact: true }).waitFor();
    expect(await card.getByRole('img').getAttribute('alt')).toContain('Acorn Squirrels');
    expect(await card.getByText('Live data unavailable').count()).toBe(0);
    await expectNewTabLink(card.getByRole('link', { name: /Buy on Magic Eden/ }), externalLinks.collectionMagicEden);
    await expectNewTabLink(card.getByRole('link', { name: /Buy on OKX/ }), externalLinks.collectionOkx);
    await expectNewTabLink(card.getByRole('link', { name: /Trade ACORN/ }), externalLinks.tradeTokenUnisat);
  });

  it('shows the share of NFTs locked and the locked count', async () => {
    await page.goto('/');
    const card = seasonCard();
    await card.getByText('50%', { exact: true }).waitFor();
    await card.getByText('1,710', { exact: true }).waitFor();
    expect(await card.getByText('Live data temporarily unavailable').count()).toBe(0);
  });

  it('speaks Chinese when chosen', async () => {
    // Hydrated first: the page stores the language it shows once it has hydrated.
    await gotoHydrated(page, '/');
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.reload();
    await page.getByRole('region', { name: '第二季质押' }).getByText('本季已结束').waitFor();
    await collectionCard().getByText('0.015 BTC', { exact: true }).waitFor();
    await page.getByRole('main').getByRole('link', { name: /代币经济/ }).waitFor();
  });

  it('/check-tokens links reach the allocation, tokenomics and tokens pages', async () => {
    const targets = [
      { name: /^Token Allocation/, path: '/allocation', heading: 'Token Allocation' },
      { name: /^Tokenomics/, path: '/tokenomics', heading: 'Tokenomics' },
      { name: /^ACORN Token/, path: '/tokens', heading: 'ACORN Tokens' },
    ];
    for (const target of targets) {
      await page.goto('/check-tokens');
      await page.getByRole('heading', { level: 1, name: 'Tools & Information' }).waitFor();
      await collectionCard().getByText('0.015 BTC', { exact: true }).waitFor();
      await page.getByRole('main').getByRole('link', { name: target.name }).click();
      await page.waitForURL(`**${target.path}`);
      await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
    }
  });

  it('/tokens gives the total supply and where to check and trade', async () => {
    await page.goto('/tokens');
    const main = page.getByRole('main');
    await main.getByText('1,000,000,000', { exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'Look up my allocation' }).getAttribute('href')).toBe('/allocation');
    expect(await main.getByRole('link', { name: 'Read the tokenomics' }).getAttribute('href')).toBe('/tokenomics');
    await expectNewTabLink(main.getByRole('link', { name: /Magic Eden/ }), externalLinks.tradeToken);
    await expectNewTabLink(main.getByRole('link', { name: /UniSat/ }), externalLinks.tradeTokenUnisat);
  });
});

describe('home during season 2, with the marketplace down and no staking figures', () => {
  const state = scenario((upstream) => {
    upstream.set('/primary/height', { kind: 'text', body: '920000' });
    upstream.set(statPath, failing);
  });

  it('counts the blocks left to 921,330 and fills the progress bar', async () => {
    await page.goto('/');
    const card = seasonCard();
    await card.getByText('Blocks remaining').waitFor();
    await card.getByText('1,330', { exact: true }).waitFor();
    // 1,330 blocks at ten minutes: 13,300 minutes.
    await card.getByText('About 9 d 5 h to go').waitFor();
    const bar = card.getByRole('progressbar', { name: 'Season 2 progress' });
    // (920,000 - 912,690) / 8,640 = 84.6%
    expect(await bar.getAttribute('aria-valuenow')).toBe('84.6');
    expect(await bar.getAttribute('aria-valuemin')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    expect(await bar.getAttribute('aria-valuetext')).toBe('84.6% of the season elapsed');
  });

  it('says live data is unavailable and shows N/A for the floor price', async () => {
    await page.goto('/');
    const card = collectionCard();
    await card.getByText('Live data unavailable', { exact: true }).waitFor();
    await card.getByText('N/A', { exact: true }).waitFor();
    await card.getByText('3,420', { exact: true }).waitFor();
  });

  it('says staking data is temporarily unavailable without the staking figures', async () => {
    await page.goto('/');
    const card = seasonCard();
    await card.getByText('Live data temporarily unavailable').waitFor();
    expect(await card.getByText('N/A', { exact: true }).count()).toBe(2);
  });

  it('Retry fetches the floor price and the staking figures again once they are back, without a reload', async () => {
    await page.goto('/');
    const collection = collectionCard();
    await collection.getByText('Live data unavailable', { exact: true }).waitFor();
    const season = seasonCard();
    await season.getByText('Live data temporarily unavailable').waitFor();

    state.upstream.set(statPath, marketOk);
    await setStakingStats(state.server.handle.db, { lockedCount: 1710 });
    state.clockAhead += upstreamBackOffMs + 1000;
    await collection.getByRole('button', { name: 'Retry' }).click();
    await collection.getByText('0.015 BTC', { exact: true }).waitFor();
    expect(await collection.getByText('Live data unavailable').count()).toBe(0);
    await season.getByRole('button', { name: 'Retry' }).click();
    await season.getByText('1,710', { exact: true }).waitFor();
    expect(await season.getByText('Live data temporarily unavailable').count()).toBe(0);
  });
});

describe('home with the block explorer down from the start', () => {
  const state = scenario(
    (upstream) => {
      upstream.set('/primary/height', failing);
      upstream.set(statPath, marketOk);
    },
    (server) => setStakingStats(server.handle.db, { lockedCount: 1710 }),
  );

  it('says the block height is unavailable with a Retry instead of Loading..., and the countdown resumes by itself once the explorer is back', async () => {
    await page.clock.install();
    const tipFailed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/chain/tip-height');
    await page.goto('/');
    // The page asks for the unavailable state as a 200 answer (no console error), not a 502.
    expect(await (await tipFailed).json()).toMatchObject({ unavailable: true, error: 'UPSTREAM_UNAVAILABLE' });
    const card = seasonCard();
    await card.getByText('Block height unavailable', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await card.getByText('Loading...', { exact: true }).count()).toBe(0);
    expect(await card.getByText('Blocks remaining').count()).toBe(0);
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    await card.getByText('1,710', { exact: true }).waitFor();

    state.upstream.set('/primary/height', { kind: 'text', body: '920000' });
    state.clockAhead += upstreamBackOffMs + 1000;
    const polled = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/chain/tip-height');
    // SPEC: the home page polls the tip every minute, also after a failed poll.
    await page.clock.fastForward(60_000);
    expect(await (await polled).json()).toMatchObject({ height: 920000 });
    await card.getByText('Blocks remaining').waitFor();
    await card.getByText('1,330', { exact: true }).waitFor();
    expect(await card.getByText('Block height unavailable').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });
});

describe('home with values the server fetched 7 minutes ago, its sources down since', () => {
  const fetchedAt = Date.UTC(2025, 0, 15, 12, 0, 0);
  const minute = 60_000;
  let serverNow = fetchedAt;
  const upstream = useSharedFakeUpstream({
    '/primary/height': { kind: 'text', body: '920000' },
    [statPath]: marketOk,
    '/staking': { kind: 'json', body: { percentLocked: 50, lockedCount: 1710 } },
  });
  const suite = useClockedBrowserSuite(
    () => ({
      BLOCK_HEIGHT_URLS: `${upstream.url}/primary/height`,
      MARKETPLACE_API_BASE: upstream.url,
      STAKING_STATS_URL: `${upstream.url}/staking`,
      UPSTREAM_TIMEOUT_MS: '500',
    }),
    () => serverNow,
    { viewport: playwrightViewport },
  );

  beforeAll(async () => {
    for (const path of ['/api/chain/tip-height', '/api/nft/collection-stats/acorn-squirrels', '/api/staking/stats/acorn-squirrels']) {
      const response = await fetch(`${suite.server.baseUrl}${path}`);
      expect(await response.json()).toMatchObject({ fetchedAt, stale: false });
    }
    for (const path of ['/primary/height', statPath, '/staking']) upstream.set(path, failing);
    // Past every cache (tip 30 s, market and staking 5 min): the server serves its last good values
    // while it tries upstream again; once those tries have failed, the values are marked stale.
    serverNow = fetchedAt + 7 * minute;
    for (const path of ['/api/chain/tip-height', '/api/nft/collection-stats/acorn-squirrels', '/api/staking/stats/acorn-squirrels']) {
      await untilStale(`${suite.server.baseUrl}${path}`);
    }
  });
  beforeEach(async () => {
    page = await suite.newPage();
    await page.clock.install({ time: fetchedAt + 7 * minute + 30_000 });
  });

  it('shows each value with when it was last updated', async () => {
    await page.goto('/');
    const season = seasonCard();
    await season.getByText('1,330', { exact: true }).waitFor();
    await season.getByText('Last updated 7 min ago', { exact: true }).waitFor();
    await season.getByText('50%', { exact: true }).waitFor();
    await season.getByText('Staking figures last updated 7 min ago', { exact: true }).waitFor();
    const collection = collectionCard();
    await collection.getByText('0.015 BTC', { exact: true }).waitFor();
    await collection.getByText('Last updated 7 min ago', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await collection.getByText('Live data unavailable').count()).toBe(0);
  });

  it('says so in Chinese', async () => {
    await page.context().addInitScript(() => localStorage.setItem('language', 'zh'));
    await page.goto('/');
    const season = page.getByRole('region', { name: '第二季质押' });
    await season.getByText('1,330', { exact: true }).waitFor();
    await season.getByText('7 分钟前更新', { exact: true }).waitFor();
    await season.getByText('质押数据 7 分钟前更新', { exact: true }).waitFor();
  });
});
