import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, launchBrowser, type RunningServer, startServer, toastWithText } from '../helpers/browser.js';
import { fakeWallet } from '../helpers/wallets.js';

const tweet =
  'Gathering acorns for the long winter with the squirrel crew. Proud holder, proud builder. #ACORN #BRC20 to the moon!';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Loopback, no X app: the built-in simulated X stands in for X.
  server = await startServer({ X_SIMULATED: 'true', MINING_OPEN: 'true' });
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('simulated X on a local start without X credentials', () => {
  it('joins, connects, posts, claims and shows the cooldown, labelled as simulated everywhere', async () => {
    await page.goto('/mining');
    await page.getByText('Simulated X — local demo', { exact: true }).waitFor();
    await page.getByLabel('Bitcoin wallet address').fill(fakeWallet('bc1q', 42));
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();

    await page.getByRole('button', { name: 'Connect X Account' }).click();
    await page.getByRole('heading', { name: /^Authorize Acorn/ }).waitFor();
    expect(await page.title()).toContain('Simulated X — local demo');
    await page.getByLabel('X handle (without @)').fill('local_squirrel');
    await page.getByRole('button', { name: 'Authorize app' }).click();
    await toastWithText(page, 'X Account Connected!').waitFor();
    await page.getByRole('heading', { name: 'Social Mining & Content' }).waitFor();

    await page.getByRole('tab', { name: 'Write Myself' }).click();
    await page.getByLabel('Your tweet', { exact: true }).fill(tweet);
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Post on X' }).click();
    const compose = await popup;
    await compose.getByRole('heading', { name: 'Compose post' }).waitFor();
    expect(await compose.title()).toContain('Simulated X — local demo');
    expect(await compose.getByLabel('Post text').inputValue()).toBe(tweet);
    await compose.getByRole('button', { name: 'Post', exact: true }).click();
    const postUrl = await compose.getByLabel(/^Link to this post/).inputValue();
    expect(postUrl).toMatch(/^https:\/\/x\.com\/local_squirrel\/status\/\d+$/);
    await compose.close();

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
    const chinese = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    await chinese.addInitScript(() => localStorage.setItem('language', 'zh'));
    const reader = await chinese.newPage();
    await reader.goto('/mining');
    await reader.getByLabel('比特币钱包地址').fill(fakeWallet('bc1q', 43));
    await reader.getByRole('button', { name: '加入', exact: true }).click();
    await reader.getByRole('heading', { name: '即将就绪！' }).waitFor();

    await reader.getByRole('button', { name: '连接 X 账户' }).click();
    await reader.getByRole('heading', { name: /^是否授权 Acorn/ }).waitFor();
    expect(await reader.locator('html').getAttribute('lang')).toBe('zh-CN');
    await reader.getByLabel('X 用户名（不含 @）').fill('zh_squirrel');
    await reader.getByRole('button', { name: '授权应用' }).click();
    await reader.getByRole('region', { name: /^通知/ }).getByText('X 账户已连接！', { exact: true }).waitFor();
    await reader.getByRole('heading', { name: '社交挖矿与内容' }).waitFor();

    await reader.getByRole('tab', { name: '自己写' }).click();
    await reader.getByLabel('您的推文', { exact: true }).fill(tweet);
    const popup = chinese.waitForEvent('page');
    await reader.getByRole('button', { name: '发布到 X' }).click();
    const compose = await popup;
    await compose.getByRole('heading', { name: '撰写帖子' }).waitFor();
    expect(await compose.getByLabel('帖子内容').inputValue()).toBe(tweet);
    await compose.getByRole('button', { name: '发布', exact: true }).click();
    await compose.getByRole('heading', { name: '已发布' }).waitFor();
    expect(await compose.getByLabel(/^此帖子的链接/).inputValue()).toMatch(/^https:\/\/x\.com\/zh_squirrel\/status\/\d+$/);
    await chinese.close();
  });
});
