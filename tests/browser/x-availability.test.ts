import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { eventually, launchBrowser, type RunningServer, startServer } from '../helpers/browser.js';

/** The mining page says why X cannot be connected, and that a wallet sign-in only signs a message. */

let browser: Browser;
let server: RunningServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  // The usual deployment behind nginx with no X app: the simulated X is off, whatever else allows it.
  server = await startServer({ X_SIMULATED: 'true', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
  await browser?.close();
});
afterEach(async () => context?.close());

async function openMining(language: 'en' | 'zh') {
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
  await context.addInitScript((stored) => window.localStorage.setItem('language', stored), language);
  page = await context.newPage();
  await page.goto('/mining');
}

const cases = [
  {
    language: 'en',
    note:
      'Connecting X is not available on this site. This site has no X connection set up, and the simulated X (a local demo) ' +
      'is never offered through a proxy, where anyone could use it.',
    hint: 'Prove you own the wallet by signing a message only: it sends no transaction and costs nothing.',
  },
  {
    language: 'zh',
    note: '本站暂不支持连接 X。本站未设置 X 连接，而模拟 X（本地演示）从不通过代理提供，否则任何人都能使用它。',
    hint: '只需签名一条消息即可证明您拥有该钱包：不会发送任何交易，也不产生任何费用。',
  },
] as const;

describe('the mining page behind a proxy with no X app', () => {
  it.each(cases)('says X is off because of the proxy ($language)', async ({ language, note }) => {
    await openMining(language);
    await eventually(() => page.locator('.sm-x-note').innerText()).toBe(note);
  });

  it.each(cases)('says signing in with a wallet signs a message only ($language)', async ({ language, hint }) => {
    await openMining(language);
    await eventually(() => page.locator('.wallet-sign-in__hint').innerText()).toBe(hint);
  });
});
