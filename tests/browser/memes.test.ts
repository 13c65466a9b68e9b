import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { splitMemeText } from '../../shared/meme-text.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { eventually, expectAttribute, toastWithText } from '../helpers/browser.js';
import type { FakeXUser } from '../../scripts/fake-x/fake-x.js';
import { useSharedFakeX } from '../helpers/fake-x-app.js';
import { fakeWallet } from '../helpers/wallets.js';

const typeMessage = 'Please upload an image file (JPG, PNG, etc.)';
const hashtags = '#ACORN #BRC20 #AcornSquirrels';

const fakeX = useSharedFakeX();
const suite = useBrowserSuite(() => ({ ...fakeX.env, MINING_OPEN: 'true', UPSTREAM_TIMEOUT_MS: '1000' }));
let context: BrowserContext;
let page: Page;
let accounts = 0;
let posts = 0;

/** A fresh wallet and X account per test: one X account links to one wallet only. */
function nextAccount(): { wallet: string; xUser: FakeXUser } {
  accounts += 1;
  return {
    wallet: fakeWallet('bc1q', 41 + accounts),
    xUser: { id: String(7000 + accounts), username: `meme_maker_${accounts}`, verifiedType: 'none' },
  };
}

function nextPostId(): string {
  posts += 1;
  return String(1800000000000000000n + BigInt(posts));
}

async function join(wallet: string) {
  await page.goto('/mining');
  await page.getByLabel('Bitcoin wallet address').fill(wallet);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
}

/** Join, then connect X through the fake's authorize redirect (a real redirect flow). */
async function joinAndConnect() {
  const account = nextAccount();
  await join(account.wallet);
  fakeX.setNextUser(account.xUser);
  await page.getByRole('button', { name: 'Connect X Account' }).click();
  await page.getByRole('heading', { name: 'Social Mining & Content' }).waitFor();
  return account;
}

function resultCard() {
  return page.getByRole('region', { name: 'Your meme' });
}

async function naturalWidth(image: ReturnType<Page['locator']>): Promise<number> {
  return image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));
}

/** Generates a meme on /memes and returns its text and tracking code once its picture has loaded. */
async function generate(prompt = '') {
  await page.goto('/memes');
  if (prompt) await page.getByLabel('Prompt (optional)').fill(prompt);
  await page.getByRole('button', { name: 'Generate Meme', exact: true }).click();
  const image = resultCard().getByRole('img');
  await image.waitFor();
  await eventually(() => naturalWidth(image)).toBe(1200);
  const memeText = (await image.getAttribute('alt')) ?? '';
  const shareUrl = await resultCard().getByLabel('Share link').inputValue();
  return { memeText, shareUrl, code: shareUrl.split('/meme/')[1]! };
}

async function newContext(options: { permissions?: string[] } = {}) {
  context = await suite.newContext({ context: options });
  // No test reaches the real X: the compose intent opens this stand-in page.
  await context.route('https://x.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>compose</p>' }),
  );
  page = await context.newPage();
}


describe('meme studio (/memes)', () => {
  beforeEach(async () => newContext());

  it('asks a visitor without a session to join first', async () => {
    await page.goto('/memes');
    await page.getByRole('heading', { level: 1, name: 'Acorn Meme Studio' }).waitFor();
    await page.getByRole('heading', { name: 'Join to make memes' }).waitFor();
    expect(await page.getByRole('link', { name: 'Join on the Mining page' }).getAttribute('href')).toBe('/mining');
    expect(await page.getByRole('tab', { name: 'Generate Meme' }).count()).toBe(0);
  });

  it('uploads by file picker, refuses what is not an image, generates a draft and lists it in the gallery', async () => {
    await join(nextAccount().wallet);
    await page.goto('/memes');
    const stats = page.getByLabel('Meme studio figures');
    const stat = (label: string) => stats.locator('div', { hasText: label }).locator('dd');
    await eventually(() => stat('Your memes').textContent()).toBe('0');
    expect(await stat('Templates').textContent()).toBe('6');
    expect(await stat('Points per meme').textContent()).toBe('50');
    await expectAttribute(page.getByRole('tab', { name: 'Generate Meme' }), 'aria-selected', 'true');

    // The drop zone is a real button: the keyboard opens the file picker.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^Choose image/ }).focus();
    await page.keyboard.press('Enter');
    await chooser;

    const picker = page.locator('input[type="file"]');
    expect(await picker.getAttribute('accept')).toBe('image/jpeg,image/jpg,image/png,image/webp,image/gif');

    // Refused in the browser: not an image type, and too large.
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toastWithText(page, typeMessage).waitFor();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    await picker.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await toastWithText(page, 'Please upload an image smaller than 5MB').waitFor();
    // Refused by the server, which decodes the bytes: a text file renamed .png.
    await picker.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await toastWithText(page, 'Upload Failed').waitFor();
    await toastWithText(page, typeMessage).waitFor();

    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f7d4f' } }).png().toBuffer();
    await picker.setInputFiles({ name: 'squirrel.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Your uploaded image' });
    await preview.waitFor();
    await eventually(() => naturalWidth(preview)).toBe(640);
    expect(await preview.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

    await page.getByLabel('Theme').selectOption('hodl_gang');
    await eventually(() => page.getByLabel('Theme').locator('option:checked').textContent()).toBe('HODL Gang');
    const prompt = page.getByLabel('Prompt (optional)');
    await prompt.fill('My squirrel guarding the stash');
    await page.getByText('30/300', { exact: true }).waitFor();
    expect(await prompt.getAttribute('maxlength')).toBe('300');

    await page.getByRole('button', { name: 'Generate Meme', exact: true }).click();
    const image = resultCard().getByRole('img');
    await image.waitFor();
    await eventually(() => naturalWidth(image)).toBe(1200);
    const memeText = (await image.getAttribute('alt')) ?? '';
    expect(memeText).toContain('My squirrel guarding the stash');
    await resultCard().getByText(memeText, { exact: true }).waitFor();
    await resultCard().getByText('Draft', { exact: true }).waitFor();
    const shareUrl = await resultCard().getByLabel('Share link').inputValue();
    expect(shareUrl).toMatch(new RegExp(`^${suite.server.baseUrl}/meme/[A-Za-z0-9_-]{12}$`));
    await eventually(() => stat('Your memes').textContent()).toBe('1');

    await page.getByRole('tab', { name: 'Your Gallery' }).click();
    const card = page.getByRole('tabpanel', { name: 'Your Gallery' }).getByRole('article');
    await card.getByText(memeText, { exact: true }).waitFor();
    await card.getByText('Draft', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: 'Open shared page' }).getAttribute('href')).toBe(
      new URL(shareUrl).pathname,
    );
    await eventually(() => naturalWidth(card.getByRole('img'))).toBe(1200);

    // The form survives a trip to the gallery.
    await page.getByRole('tab', { name: 'Generate Meme' }).click();
    await eventually(() => prompt.inputValue()).toBe('My squirrel guarding the stash');
  });

  it('shares to X, validates the post URL and claims the points', async () => {
    const { wallet, xUser } = await joinAndConnect();
    const { memeText, shareUrl } = await generate('Acorns before breakfast');

    const popup = page.waitForEvent('popup');
    await resultCard().getByRole('button', { name: 'Share to X' }).click();
    const compose = await popup;
    const intent = new URL(compose.url());
    expect(intent.origin + intent.pathname).toBe('https://x.com/intent/tweet');
    expect(intent.searchParams.get('text')).toBe(`${memeText} ${hashtags}\n${shareUrl}`);
    expect(await compose.evaluate(() => window.opener)).toBeNull();
    await compose.close();

    const dialog = page.getByRole('dialog', { name: 'Claim Your Points' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Verify & Claim' }).click();
    await dialog.getByText('Please paste the URL of your X post to claim points.').waitFor();
    await dialog.getByLabel('X post URL').fill('https://example.com/someone/posts/123');
    await dialog.getByRole('button', { name: 'Verify & Claim' }).click();
    await dialog.getByText('Please provide a valid X post URL.').waitFor();

    const postId = nextPostId();
    fakeX.addPost(postId, { authorId: xUser.id, text: `my meme ${hashtags}\n${shareUrl}`, createdAt: new Date() });
    await dialog.getByLabel('X post URL').fill(`https://x.com/${xUser.username}/status/${postId}`);
    await dialog.getByLabel('X post URL').press('Enter');
    await toastWithText(page, 'Meme Posted!').waitFor();
    await toastWithText(page, 'You earned 50 points.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await resultCard().getByText('Posted', { exact: true }).waitFor();
    await resultCard().getByText('+50 points', { exact: true }).waitFor();
    expect(await resultCard().getByRole('button', { name: 'Share to X' }).count()).toBe(0);
    // The claimed meme is done: the generator's inputs are cleared for the next one (by an effect).
    await eventually(() => page.getByLabel('Prompt (optional)').inputValue()).toBe('');

    await page.getByRole('tab', { name: 'Your Gallery' }).click();
    await page.getByRole('tabpanel', { name: 'Your Gallery' }).getByText('Posted', { exact: true }).waitFor();
    const points = await page.evaluate(async (address) => {
      const response = await fetch(`/api/user/${address}`, { credentials: 'include' });
      return ((await response.json()) as { user: { totalAcornMined: number } }).user.totalAcornMined;
    }, wallet);
    expect(points).toBe(50);
  });

  it('shows Posting Failed with the server reason when X does not know the post', async () => {
    const { xUser } = await joinAndConnect();
    await generate();
    const popup = page.waitForEvent('popup');
    await resultCard().getByRole('button', { name: 'Share to X' }).click();
    await (await popup).close();
    const dialog = page.getByRole('dialog', { name: 'Claim Your Points' });
    await dialog.getByLabel('X post URL').fill(`https://twitter.com/${xUser.username}/status/${nextPostId()}`);
    await dialog.getByRole('button', { name: 'Verify & Claim' }).click();
    await toastWithText(page, 'Posting Failed').waitFor();
    const description = page.getByRole('region', { name: /Notifications/ }).locator('.toast__description');
    expect(await description.textContent()).toBe(
      'Failed to verify meme posting. Please try again.\nThat post was not found on X. Please check the URL.',
    );
    await resultCard().getByText('Draft', { exact: true }).waitFor();
    // The dialog comes back with the URL kept.
    await resultCard().getByRole('button', { name: 'Claim Points' }).click();
    await eventually(() => dialog.getByLabel('X post URL').inputValue()).toContain('twitter.com');
  });

  it('with the popup blocked, shows the text to post and opens X in the same tab after 2 seconds', async () => {
    await join(nextAccount().wallet);
    const { memeText } = await generate();
    await page.evaluate(() => {
      window.open = () => null;
    });
    const clickedAt = Date.now();
    await resultCard().getByRole('button', { name: 'Share to X' }).click();
    await page.getByText('Please allow popups and try again.', { exact: true }).waitFor();
    expect(await page.getByLabel('Share text').inputValue()).toContain(`${memeText} ${hashtags}`);
    await page.waitForURL(/^https:\/\/x\.com\/intent\/tweet\?text=/);
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1900);
  });
});

describe('shared meme page (/meme/{code})', () => {
  it('shows the meme with its captions laid over it, copies the URL and leads to /', async () => {
    await newContext();
    await join(nextAccount().wallet);
    const { memeText, code } = await generate('Stacking acorns / all winter long');
    await context.close();

    await newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const response = await page.goto(`/meme/${code}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Acorn Meme' }).waitFor();
    const { top, bottom } = splitMemeText(memeText);
    expect(top).toBe('Stacking acorns');
    const overlay = page.locator('figure');
    expect(await overlay.locator('p').allTextContents()).toEqual([top, bottom]);
    await eventually(() => naturalWidth(overlay.locator('img'))).toBeGreaterThan(0);
    const captionStyle = await overlay
      .locator('p')
      .first()
      .evaluate((element) => ({ color: getComputedStyle(element).color, stroke: getComputedStyle(element).webkitTextStroke }));
    expect(captionStyle.color).toBe('rgb(255, 255, 255)');
    expect(captionStyle.stroke).toContain('rgb(0, 0, 0)');
    await page.getByText(memeText, { exact: true }).waitFor();

    const shareLink = page.getByRole('link', { name: /^Share on X/ });
    const intent = new URL((await shareLink.getAttribute('href'))!);
    expect(intent.searchParams.get('text')).toBe(`${memeText} ${hashtags}\n${suite.server.baseUrl}/meme/${code}`);

    await page.getByRole('button', { name: 'Copy URL' }).click();
    await toastWithText(page, 'Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.server.baseUrl}/meme/${code}`);

    // Clipboard API refused: the hidden-textarea fallback; both refused: 'Copy Failed'.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await toastWithText(page, 'Link Copied Instead').waitFor();
    await page.evaluate(() => {
      document.execCommand = () => false;
    });
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await toastWithText(page, 'Copy Failed').waitFor();

    await page.getByRole('link', { name: 'Create Your Own' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/`);
  });

  it('shows Meme Not Found with a 404 for an unknown code', async () => {
    await newContext();
    for (const code of ['AAAAAAAAAAAA', 'not-a-code']) {
      const response = await page.goto(`/meme/${code}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Meme Not Found' }).waitFor();
      await page.getByText("This meme doesn't exist or has been removed.", { exact: true }).waitFor();
    }
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/`);
  });

  it('speaks Chinese when the language is set to zh', async () => {
    await newContext();
    await context.addInitScript(() => localStorage.setItem('language', 'zh'));
    await page.goto('/meme/AAAAAAAAAAAA');
    await page.getByRole('heading', { name: '表情包不存在' }).waitFor();
    await page.goto('/memes');
    await page.getByRole('heading', { level: 1, name: 'Acorn 表情包工作室' }).waitFor();
    await page.getByRole('link', { name: '前往挖矿页面加入' }).waitFor();
  });
});
