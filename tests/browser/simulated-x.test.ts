import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { eventually, toastWithText } from '../helpers/browser.js';
import { fakeWallet } from '../helpers/wallets.js';

const tweet =
  'Gathering acorns for the long winter with the squirrel crew. Proud holder, proud builder. #ACORN #BRC20 to the moon!';

// Loopback, no X app: the built-in simulated X stands in for X.
const suite = useBrowserSuite({ X_SIMULATED: 'true', MINING_OPEN: 'true' });

/** What the app and the simulated X say at each step, in the reader's language. */
const words = {
  en: {
    label: 'Simulated X — local demo',
    htmlLang: 'en',
    notifications: /^Notifications/,
    wallet: 'Bitcoin wallet address',
    join: 'Join',
    almostReady: 'Almost Ready!',
    connect: 'Connect X Account',
    authorizeHeading: /^Authorize Acorn/,
    handle: 'X handle (without @)',
    authorize: 'Authorize app',
    connected: 'X Account Connected!',
    social: 'Social Mining & Content',
    writeMyself: 'Write Myself',
    yourTweet: 'Your tweet',
    postOnX: 'Post on X',
    compose: 'Compose post',
    postText: 'Post text',
    post: 'Post',
    posted: 'Posted',
    postLink: /^Link to this post/,
  },
  zh: {
    label: '模拟 X — 本地演示',
    htmlLang: 'zh-CN',
    notifications: /^通知/,
    wallet: '比特币钱包地址',
    join: '加入',
    almostReady: '即将就绪！',
    connect: '连接 X 账户',
    authorizeHeading: /^是否授权 Acorn/,
    handle: 'X 用户名（不含 @）',
    authorize: '授权应用',
    connected: 'X 账户已连接！',
    social: '社交挖矿与内容',
    writeMyself: '自己写',
    yourTweet: '您的推文',
    postOnX: '发布到 X',
    compose: '撰写帖子',
    postText: '帖子内容',
    post: '发布',
    posted: '已发布',
    postLink: /^此帖子的链接/,
  },
};

/** Joins, connects X on the simulated X, posts the tweet there and returns the post's link; every page in the reader's words. */
async function connectAndPost(on: BrowserContext, reader: Page, said: (typeof words)['en'], wallet: string, handle: string) {
  await reader.goto('/mining');
  await reader.getByText(said.label, { exact: true }).waitFor();
  await reader.getByLabel(said.wallet).fill(wallet);
  await reader.getByRole('button', { name: said.join, exact: true }).click();
  await reader.getByRole('heading', { name: said.almostReady }).waitFor();

  await reader.getByRole('button', { name: said.connect }).click();
  await reader.getByRole('heading', { name: said.authorizeHeading }).waitFor();
  expect(await reader.title()).toContain(said.label);
  expect(await reader.locator('html').getAttribute('lang')).toBe(said.htmlLang);
  await reader.getByLabel(said.handle).fill(handle);
  await reader.getByRole('button', { name: said.authorize }).click();
  await reader.getByRole('region', { name: said.notifications }).getByText(said.connected, { exact: true }).waitFor();
  await reader.getByRole('heading', { name: said.social }).waitFor();

  await reader.getByRole('tab', { name: said.writeMyself }).click();
  await reader.getByLabel(said.yourTweet, { exact: true }).fill(tweet);
  const popup = on.waitForEvent('page');
  await reader.getByRole('button', { name: said.postOnX }).click();
  const compose = await popup;
  await compose.getByRole('heading', { name: said.compose }).waitFor();
  expect(await compose.title()).toContain(said.label);
  expect(await compose.getByLabel(said.postText).inputValue()).toBe(tweet);
  await compose.getByRole('button', { name: said.post, exact: true }).click();
  await compose.getByRole('heading', { name: said.posted }).waitFor();
  expect(await compose.locator('html').getAttribute('lang')).toBe(said.htmlLang);
  const postUrl = await compose.getByLabel(said.postLink).inputValue();
  expect(postUrl).toMatch(new RegExp(`^https://x\\.com/${handle}/status/\\d+$`));
  await compose.close();
  return postUrl;
}

describe('simulated X on a local start without X credentials', () => {
  it('joins, connects, posts, claims and shows the cooldown, labelled as simulated everywhere', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    const postUrl = await connectAndPost(context, page, words.en, fakeWallet('bc1q', 42), 'local_squirrel');

    const dialog = page.getByRole('dialog', { name: 'Verify Your Post' });
    await dialog.waitFor();
    await dialog.getByLabel('X post URL').fill(postUrl);
    await dialog.getByRole('button', { name: 'Verify & Claim' }).click();
    await toastWithText(page, 'You earned 100 points.').waitFor();
    await eventually(() => page.getByTestId('points').textContent()).toBe('100');
    await page.getByRole('timer', { name: /^Next tweet available in \d+ hours \d+ minutes$/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Post on X' }).count()).toBe(0);
  });

  it("speaks the reader's language: a Chinese reader gets its authorize, compose and post pages in Chinese", async () => {
    const chinese = await suite.newContext({ language: 'zh' });
    await connectAndPost(chinese, await chinese.newPage(), words.zh, fakeWallet('bc1q', 43), 'zh_squirrel');
  });
});
