import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { eventually } from '../helpers/browser.js';

/** The mining page says why X cannot be connected, and that a wallet sign-in only signs a message. */

// The usual deployment behind nginx with no X app: the simulated X is off, whatever else allows it.
const suite = useBrowserSuite({ X_SIMULATED: 'true', TRUST_PROXY: 'true' });
let page: Page;

async function openMining(language: 'en' | 'zh') {
  page = await suite.newPage(language);
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
