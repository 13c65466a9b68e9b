import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { eventually, expectAttribute, holdRequests, toastWithText } from '../helpers/browser.js';
import type { FakeXUser } from '../../scripts/fake-x/fake-x.js';
import { useSharedFakeX } from '../helpers/fake-x-app.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const validTweet =
  'Gathering acorns for the long winter with the squirrel crew. Proud holder, proud builder. #ACORN #BRC20 to the moon!';

const fakeX = useSharedFakeX();
const suite = useBrowserSuite(() => ({ ...fakeX.env, MINING_OPEN: 'true', UPSTREAM_TIMEOUT_MS: '1000' }));
let context: BrowserContext;
let page: Page;
let accounts = 0;

/** A fresh wallet and X account per test: one X account links to one wallet only. */
function nextAccount(): { wallet: string; xUser: FakeXUser } {
  accounts += 1;
  return {
    wallet: fakeWallet('bc1q', 41 + accounts),
    xUser: { id: String(5000 + accounts), username: `squirrel_${accounts}`, verifiedType: 'none' },
  };
}

async function newPage() {
  context = await suite.newContext();
  // No test reaches the real X: the compose intent opens this stand-in page.
  await context.route('https://x.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>compose</p>' }),
  );
  page = await context.newPage();
}

async function join(wallet: string) {
  await page.goto('/mining');
  await page.getByLabel('Bitcoin wallet address').fill(wallet);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
}

/** Join, then connect X through the fake's authorize redirect, ending on the dashboard. */
async function joinAndConnect(account = nextAccount()) {
  await join(account.wallet);
  fakeX.setNextUser(account.xUser);
  await page.getByRole('button', { name: 'Connect X Account' }).click();
  await toastWithText(page, 'X Account Connected!').waitFor();
  await page.getByRole('heading', { name: 'Social Mining & Content' }).waitFor();
  return account;
}

async function openWriteMyself() {
  await page.getByRole('tab', { name: 'Write Myself' }).click();
  return page.getByLabel('Your tweet', { exact: true });
}

/** Types a valid tweet, posts it (a compose tab opens) and waits for the verification dialog. */
async function postAndOpenDialog(text = validTweet) {
  const textarea = await openWriteMyself();
  await textarea.fill(text);
  const popup = context.waitForEvent('page');
  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Post on X' }).click();
  const compose = await popup;
  expect(compose.url()).toBe(`https://x.com/intent/tweet?text=${encodeURIComponent(text)}`);
  const dialog = page.getByRole('dialog', { name: 'Verify Your Post' });
  await dialog.waitFor();
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1900);
  await compose.close();
  return dialog;
}

function checklistItem(name: string) {
  return page.getByRole('list', { name: 'Tweet requirements' }).getByRole('listitem').filter({ hasText: name });
}

describe('mining page with X (mining open)', () => {
  beforeEach(async () => newPage());

  it('shows the four states: logged out, loading, wallet only and the dashboard', async () => {
    // Two users exist before the (30 s cached) stats are first counted, so the row has something to show.
    await loginCookie(suite.server.api, mainnetWallets.p2sh);
    await loginCookie(suite.server.api, mainnetWallets.legacy);
    await page.goto('/mining');
    const stats = page.getByRole('region', { name: 'User Activity' });
    const totalUsers = stats.locator('div', { hasText: 'Total Users' }).locator('dd');
    await eventually(() => totalUsers.textContent()).toBe('2');
    for (const value of await stats.locator('dd').allTextContents()) expect(value).toMatch(/^\d[\d,]*$/);

    const account = nextAccount();
    await join(account.wallet);

    // Loading: the user data request is held until the spinner has been seen.
    const release = await holdRequests(page, '**/api/user/*');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Loading user data...' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    await page.unroute('**/api/user/*');

    fakeX.setNextUser(account.xUser);
    await page.getByRole('button', { name: 'Connect X Account' }).click();
    await page.getByRole('heading', { name: 'Social Mining & Content' }).waitFor();
    await page.getByText('Mining is open: a meme you post on X earns 50 points.', { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Mining Phase Complete');
    await page.getByText(`${account.wallet.slice(0, 8)}...`, { exact: true }).waitFor();
    const connected = page.locator('.badge', { hasText: 'Connected' });
    expect(await connected.textContent()).toContain(`@${account.xUser.username}`);
    expect(await page.getByRole('link', { name: 'Memes', exact: true }).getAttribute('href')).toBe('/memes');
    expect(await page.getByRole('link', { name: 'Open the Meme Generator' }).getAttribute('href')).toBe('/memes');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await page.getByTestId('points').textContent()).toBe('0');
  });

  it('connects X end to end through the authorize redirect and clears the query', async () => {
    const before = fakeX.requests.filter((request) => request.path === '/i/oauth2/authorize').length;
    const account = nextAccount();
    await join(account.wallet);
    fakeX.setNextUser(account.xUser);
    await page.getByRole('button', { name: 'Connect X Account' }).click();
    await page.waitForURL(/\/mining\?twitter_auth=success&code=[^&]+&state=/);
    await toastWithText(page, 'X Account Connected!').waitFor();
    await page.getByRole('heading', { name: 'Social Mining & Content' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/mining' && url.search === '');
    expect(fakeX.requests.filter((request) => request.path === '/i/oauth2/authorize')).toHaveLength(before + 1);
    await page.getByText(`@${account.xUser.username}`).waitFor();
  });

  it('reports an X authentication error and ignores a callback while logged out', async () => {
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto('/mining?twitter_auth=error&error=access_denied');
    await page.getByLabel('Bitcoin wallet address').waitFor();
    await eventually(() => logs.some((line) => line.includes('logged out'))).toBe(true);
    expect(new URL(page.url()).search).toBe('?twitter_auth=error&error=access_denied');
    expect(await page.locator('.toast').count()).toBe(0);

    await join(nextAccount().wallet);
    fakeX.setAuthorizeError('access_denied');
    try {
      await page.getByRole('button', { name: 'Connect X Account' }).click();
      await toastWithText(page, 'X Authentication Error').waitFor();
      await toastWithText(page, 'Twitter authentication failed: access_denied').waitFor();
    } finally {
      fakeX.setAuthorizeError(null);
    }
    await page.waitForURL((url) => url.pathname === '/mining' && url.search === '');
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
  });

  it('validates the composer: checklist, input cap, AI messages and Use This Tweet', async () => {
    await joinAndConnect();
    const textarea = await openWriteMyself();

    await textarea.fill('Hello #acorn');
    await expectAttribute(checklistItem('100-280 characters'), 'data-met', 'false');
    await eventually(() => checklistItem('100-280 characters').textContent()).toContain('12/280');
    await expectAttribute(checklistItem('Includes #ACORN'), 'data-met', 'true');
    await eventually(() => checklistItem('Includes #BRC20 or #BRC2.0').textContent()).toContain('not yet');

    await textarea.fill(validTweet.replace('#BRC20', '#BRC2.0'));
    for (const name of ['100-280 characters', 'Includes #ACORN', 'Includes #BRC20 or #BRC2.0']) {
      await expectAttribute(checklistItem(name), 'data-met', 'true');
    }
    await page.getByText('3 of 3 requirements met').waitFor({ state: 'attached' });

    const accepted = await textarea.inputValue();
    await textarea.fill('x'.repeat(281));
    await eventually(() => textarea.inputValue()).toBe(accepted);
    await page.getByText('That would make the tweet longer than 280 characters.').waitFor();

    await page.getByRole('tab', { name: 'AI Assistant' }).click();
    const generate = page.getByRole('button', { name: 'Generate', exact: true });
    await eventually(() => generate.isDisabled()).toBe(true);
    await page.getByLabel('What should your tweet be about?').fill('squirrels hoarding sats');
    await generate.click();
    await toastWithText(page, 'Tweet Generated!').waitFor();
    const generated = page.getByLabel('Generated tweet (you can edit it)');
    const useTweet = page.getByRole('button', { name: 'Use This Tweet' });
    await eventually(() => useTweet.isEnabled()).toBe(true);

    await generated.fill('Too short #ACORN');
    await page.getByText('Tweet must be at least 100 characters (currently 16)', { exact: true }).waitFor();
    expect(await useTweet.isDisabled()).toBe(true);
    await generated.fill(validTweet.replace('#ACORN', '#OAK'));
    await page.getByText('Tweet must include #ACORN', { exact: true }).waitFor();
    await generated.fill(`${validTweet} ${'y'.repeat(200)}`);
    await page.getByText(/^Tweet exceeds 280 character limit \(currently \d+\)$/).waitFor();
    expect(await useTweet.isDisabled()).toBe(true);

    await generated.fill(validTweet);
    await useTweet.click();
    await expectAttribute(page.getByRole('tab', { name: 'Write Myself' }), 'aria-selected', 'true');
    await eventually(() => page.getByLabel('Your tweet', { exact: true }).inputValue()).toBe(validTweet);

    // A blocked popup: window.open answers null.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: 'Post on X' }).click();
    await toastWithText(page, 'Please allow popups and try again.').waitFor();
  });

  it('posts on X, verifies the post and earns 100 points, then shows the cooldown', async () => {
    const { xUser } = await joinAndConnect();
    const dialog = await postAndOpenDialog();

    fakeX.addPost('1790000000000000001', { authorId: xUser.id, text: validTweet, createdAt: new Date() });
    await dialog.getByLabel('X post URL').fill(`https://x.com/${xUser.username}/status/1790000000000000001`);
    await dialog.getByRole('button', { name: 'Verify & Claim' }).click();
    await toastWithText(page, 'Tweet Verified!').waitFor();
    await toastWithText(page, 'You earned 100 points.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await eventually(() => page.getByTestId('points').textContent()).toBe('100');
    const timer = page.getByRole('timer', { name: /^Next tweet available in \d+ hours \d+ minutes$/ });
    await timer.waitFor();
    expect(await timer.textContent()).toMatch(/\dh \d{1,2}m/);
    expect(await page.getByRole('button', { name: 'Post on X' }).count()).toBe(0);
    const claimed = page.getByRole('region', { name: 'Your Claimed Tweets' });
    await claimed.getByText('+100 points').waitFor();
    expect(await claimed.getByRole('link', { name: /View on X/ }).getAttribute('href')).toBe(
      `https://x.com/${xUser.username}/status/1790000000000000001`,
    );
  });

  it('refuses an empty URL and a URL on another host in the verify dialog', async () => {
    await joinAndConnect();
    const dialog = await postAndOpenDialog();
    const verify = dialog.getByRole('button', { name: 'Verify & Claim' });

    await verify.click();
    await dialog.getByRole('alert').filter({ hasText: 'You must provide the X post URL to claim rewards.' }).waitFor();
    await dialog.getByLabel('X post URL').fill('https://example.com/someone/status/123');
    await verify.click();
    await dialog.getByRole('alert').filter({ hasText: 'Please provide a valid x.com or twitter.com post URL.' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Verify My Post' }).click();
    await dialog.waitFor();
    await eventually(() => dialog.getByLabel('X post URL').inputValue()).toBe('https://example.com/someone/status/123');
  });

  it('refreshes the paid-tier verification from Unverified to Verified', async () => {
    const { xUser } = await joinAndConnect();
    const card = page.getByRole('region', { name: 'X Premium Verification' });
    const status = card.locator('.badge');
    await eventually(() => status.textContent()).toBe('Unverified');
    await card.getByText(/^Last checked /).waitFor();
    for (const figure of ['100', '150', '50', '60']) await card.getByRole('cell', { name: figure, exact: true }).waitFor();

    fakeX.setVerified(xUser.id, 'blue');
    await card.getByRole('button', { name: 'Refresh' }).click();
    await eventually(() => status.textContent()).toBe('Verified');
    await eventually(() => card.locator('td.is-current').allTextContents()).toEqual(['150', '60']);
  });

  it('logs out from the dashboard back to the logged-out page', async () => {
    await joinAndConnect();
    await page.locator('.sm-bar').getByRole('button', { name: 'Logout' }).click();
    await toastWithText(page, 'Disconnected').waitFor();
    await page.getByLabel('Bitcoin wallet address').waitFor();
    expect(await page.getByRole('button', { name: 'Connect X', exact: true }).isDisabled()).toBe(true);
  });
});
