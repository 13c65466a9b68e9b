import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BrowserSuite, useBrowserSuite } from '../helpers/browser-suite.js';
import { eventually } from '../helpers/browser.js';
import { useSharedFakeX } from '../helpers/fake-x-app.js';
import { fakeWallet } from '../helpers/wallets.js';

/** Texts that would promise points for a post: none may show while mining is closed. */
const pointsPromise = /claim (\d+ |your )?points|\d+ points (each|a|per)|earns? \d+ points|points per (verified )?(post|meme)|\+\d+ points/i;

const fakeX = useSharedFakeX();
let page: Page;
let accounts = 0;

async function newPage(suite: BrowserSuite, language: 'en' | 'zh' = 'en') {
  const context = await suite.newContext({ language });
  // No test reaches the real X: the compose intent opens this stand-in page.
  await context.route('https://x.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>compose</p>' }));
  page = await context.newPage();
}

async function join(joinLabel = 'Join', almostReady = 'Almost Ready!') {
  accounts += 1;
  await page.goto('/mining');
  await page.locator('input[autocomplete="off"]').first().fill(fakeWallet('bc1q', 41 + accounts));
  await page.getByRole('button', { name: joinLabel, exact: true }).click();
  await page.getByRole('heading', { name: almostReady }).waitFor();
}

async function joinAndConnect() {
  await join();
  const wallet = fakeWallet('bc1q', 41 + accounts);
  fakeX.setNextUser({ id: String(7000 + accounts), username: `phase_${accounts}`, verifiedType: 'none' });
  await page.getByRole('button', { name: 'Connect X Account' }).click();
  await page.getByRole('heading', { name: 'Social Mining & Content' }).waitFor();
  return wallet;
}

const bodyText = () => page.locator('main').innerText();

/** Every line of the page that promises points, so a failure names it. */
async function pointsPromises(): Promise<string[]> {
  return (await bodyText()).split('\n').filter((line) => pointsPromise.test(line));
}

describe('mining closed (the default)', () => {
  const suite = useBrowserSuite(() => ({ ...fakeX.env }));

  it('replaces the composer with the banner and promises no points on the dashboard', async () => {
    await newPage(suite);
    await joinAndConnect();
    await page.getByRole('heading', { name: 'Mining Phase Complete' }).waitFor();
    await page.getByText('Mining Phase Complete - Energy mining is now disabled', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Post on X' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'AI Assistant' }).count()).toBe(0);
    expect(await pointsPromises()).toEqual([]);
  });

  it('lets memes be made and shared, without a claim or a points promise', async () => {
    await newPage(suite);
    await joinAndConnect();
    await page.goto('/memes');
    await page.getByText('Turn your squirrel into a meme and share it on X.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Generate Meme', exact: true }).click();
    const result = page.getByRole('region', { name: 'Your meme' });
    await result.getByText('Draft', { exact: true }).waitFor();

    const popup = page.context().waitForEvent('page');
    await result.getByRole('button', { name: 'Share to X' }).click();
    const compose = await popup;
    expect(compose.url()).toMatch(/^https:\/\/x\.com\/intent\/tweet\?text=/);
    await compose.close();
    await result.getByRole('button', { name: 'Share to X' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await result.getByRole('button', { name: 'Claim Points' }).count()).toBe(0);
    expect(await pointsPromises()).toEqual([]);
  });

  it('shows the closed banner to a visitor', async () => {
    await newPage(suite);
    await page.goto('/mining');
    await page.getByRole('heading', { name: 'Mining Phase Complete' }).waitFor();
    await page.getByRole('heading', { name: 'Historical Mining Data' }).waitFor();
  });
});

describe('mining open', () => {
  const suite = useBrowserSuite(() => ({ ...fakeX.env, MINING_OPEN: 'true' }));

  it("says 'Mining Phase Complete' nowhere", async () => {
    await newPage(suite);
    await page.goto('/mining');
    await page.getByRole('heading', { name: 'Mining Is Open' }).waitFor();
    await page.getByRole('heading', { name: 'How Mining Works' }).waitFor();
    expect(await bodyText()).not.toContain('Mining Phase Complete');

    await joinAndConnect();
    await page.getByRole('tab', { name: 'AI Assistant' }).waitFor();
    expect(await bodyText()).not.toContain('Mining Phase Complete');

    await page.goto('/memes');
    await page.getByRole('button', { name: 'Generate Meme', exact: true }).waitFor();
    expect(await bodyText()).not.toContain('Mining Phase Complete');

    await page.goto('/tokenomics?tab=social-mining');
    await page.getByText('Posts on X earn points now', { exact: false }).waitFor();
    expect(await bodyText()).not.toContain('Mining Phase Complete');

    await page.goto('/faq');
    await page.getByText('Is mining still open?').click();
    await page.getByText(/^Yes\. Join with your wallet/).waitFor();
    expect(await page.locator('main').evaluate((main) => main.textContent)).not.toContain('Mining Phase Complete');
  });

  it('lists the newest 5 claimed tweets, then the rest on "Show more"', async () => {
    await newPage(suite);
    const wallet = await joinAndConnect();
    const db = suite.server.handle.db;
    const user = await db.selectFrom('users').select('id').where('wallet_address', '=', wallet).executeTakeFirstOrThrow();
    const now = Date.now();
    await db
      .insertInto('tweet_claims')
      .values(
        Array.from({ length: 7 }, (_, index) => ({
          user_id: user.id,
          tweet_id: `17${now}${index}`,
          tweet_url: `https://x.com/phase/status/17${now}${index}`,
          tweet_text: `Claim number ${index + 1} #ACORN #BRC20`,
          is_custom: 1,
          points: 100,
          created_at: now - (7 - index) * 60_000,
          meme_id: null,
        })),
      )
      .execute();
    await page.reload();
    const claimed = page.getByRole('region', { name: 'Your Claimed Tweets' });
    const items = claimed.getByRole('listitem');
    await eventually(() => items.count()).toBe(5);
    await items.first().getByText('Claim number 7', { exact: false }).waitFor();
    await claimed.getByRole('button', { name: 'Show more' }).click();
    await eventually(() => items.count()).toBe(7);
    await items.last().getByText('Claim number 1', { exact: false }).waitFor();
    expect(await claimed.getByRole('button', { name: 'Show more' }).count()).toBe(0);
  });

  it("says 'Sharing Error' when X cannot be opened", async () => {
    await newPage(suite);
    await joinAndConnect();
    await page.evaluate(() => {
      window.open = () => {
        throw new Error('blocked by policy');
      };
    });
    await page.getByRole('tab', { name: 'Write Myself' }).click();
    await page.getByLabel('Your tweet', { exact: true }).fill(
      'Gathering acorns for the long winter with the squirrel crew. Proud holder, proud builder. #ACORN #BRC20 to the moon!',
    );
    await page.getByRole('button', { name: 'Post on X' }).click();
    await page.locator('li.toast').filter({ hasText: 'Sharing Error' }).waitFor();
  });
});

describe('Connect X without any X (X_SIMULATED=false, no X app)', () => {
  const suite = useBrowserSuite({ X_SIMULATED: 'false' });

  const cases = [
    { language: 'en', join: 'Join', almostReady: 'Almost Ready!', connect: 'Connect X Account', title: 'X Not Available', text: 'Connecting X is not available on this site. This site has no X connection set up.' },
    { language: 'zh', join: '加入', almostReady: '即将就绪！', connect: '连接 X 账户', title: 'X 暂不可用', text: '本站暂不支持连接 X。本站未设置 X 连接。' },
  ] as const;

  it.each(cases)('explains it in a readable toast ($language)', async ({ language, join: joinLabel, almostReady, connect, title, text }) => {
    await newPage(suite, language);
    await join(joinLabel, almostReady);
    // Said beside the button before anyone clicks.
    await page.locator('.sm-x-note').getByText(text, { exact: true }).waitFor();
    await page.getByRole('button', { name: connect }).click();
    const toast = page.locator('li.toast').filter({ hasText: title });
    await eventually(() => toast.innerText()).toContain(text);
    const shown = await toast.innerText();
    expect(shown).not.toContain('{');
    expect(shown).not.toMatch(/\b[45]\d\d\b/);
  });
});
