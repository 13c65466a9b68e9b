import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestWallet, type TestWallet } from '../helpers/bitcoin-signer.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { toastWithText } from '../helpers/browser.js';
import { axeViolations } from '../helpers/axe.js';
import { manualSignInTexts } from '../helpers/manual-sign-in-texts.js';

const suite = useBrowserSuite();
let context: BrowserContext;
let page: Page;

async function desktopPage(language: 'en' | 'zh') {
  context = await suite.newContext({ language });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.baseUrl });
  page = await context.newPage();
}

async function userData(wallet: TestWallet) {
  const response = await page.request.get(`/api/user/${wallet.address}`);
  return { status: response.status(), body: response.ok() ? await response.json() : null };
}

const texts = {
  en: { ...manualSignInTexts.en, copy: 'Copy message', signedWith: 'Signed with' },
  zh: { ...manualSignInTexts.zh, copy: '复制消息', signedWith: '签名所用钱包' },
} as const;

/** Picker → "Sign with another wallet" → address → the challenge, copied to the clipboard as a visitor would. */
async function copiedChallenge(language: 'en' | 'zh', wallet: TestWallet): Promise<string> {
  const text = texts[language];
  await page.goto('/mining');
  await page.getByRole('button', { name: text.signIn }).click();
  await page.getByRole('dialog', { name: text.picker }).getByRole('button', { name: text.manual }).click();
  const dialog = page.getByRole('dialog', { name: text.manual });
  await dialog.getByLabel(text.address).fill(wallet.address);
  await dialog.getByRole('button', { name: text.getMessage }).click();
  const shown = await dialog.getByLabel(text.message).inputValue();
  await dialog.getByRole('button', { name: text.copy }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  expect(copied).toContain(wallet.address);
  return copied;
}

async function pasteAndVerify(language: 'en' | 'zh', signature: string, signedWith?: string) {
  const text = texts[language];
  const dialog = page.getByRole('dialog', { name: text.manual });
  await dialog.getByLabel(text.signature, { exact: true }).fill(signature);
  if (signedWith) await dialog.getByLabel(text.signedWith).selectOption(signedWith);
  await dialog.getByRole('button', { name: text.verify }).click();
}

describe('sign in with any wallet by pasting a signature', () => {
  it('signs a Ledger-through-Sparrow holder in step by step with a legacy segwit signature (English)', async () => {
    const wallet = createTestWallet('p2wpkh');
    await desktopPage('en');
    const message = await copiedChallenge('en', wallet);
    const dialog = page.getByRole('dialog', { name: texts.en.manual });
    // The steps a Sparrow user follows are on the page, Sparrow's open first.
    await dialog.getByText('Tools → Sign/Verify Message (or the Addresses tab', { exact: false }).waitFor();
    await dialog.getByText('For a Ledger or Trezor, plug it in', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await pasteAndVerify('en', wallet.signElectrum(message), 'Ledger via Sparrow');
    await toastWithText(page, 'Signed in with Ledger via Sparrow. You are the verified owner of this wallet.').waitFor();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    const { status, body } = await userData(wallet);
    expect(status).toBe(200);
    expect(body.proof).toEqual({ proven: true, walletName: 'Ledger via Sparrow' });
  });

  it('says why another wallet\'s signature fails, then signs in with the right one (Chinese)', async () => {
    const wallet = createTestWallet('p2wpkh');
    const taproot = createTestWallet('p2tr');
    await desktopPage('zh');
    const message = await copiedChallenge('zh', wallet);
    const dialog = page.getByRole('dialog', { name: texts.zh.manual });

    await pasteAndVerify('zh', taproot.sign(message));
    await dialog.getByRole('alert').getByText('bc1p…（Taproot）地址的 BIP-322 签名', { exact: false }).waitFor();
    expect((await userData(wallet)).status).toBe(401);

    await pasteAndVerify('zh', wallet.sign(message));
    await page.getByText('已使用 其他钱包 登录。您是此钱包经过验证的所有者。').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const { status, body } = await userData(wallet);
    expect(status).toBe(200);
    expect(body.proof).toEqual({ proven: true, walletName: null });
  });
});

describe('on a phone with no wallet provider', () => {
  const phone = {
    en: {
      ...texts.en,
      title: 'On a phone?',
      openIn: (name: string) => `Open in ${name}`,
      copy: 'Copy page link',
    },
    zh: {
      ...texts.zh,
      title: '在手机上？',
      openIn: (name: string) => `在 ${name} 中打开`,
      copy: '复制本页链接',
    },
  };

  it.each(['en', 'zh'] as const)('offers the page inside the Xverse and OKX apps and the manual path (%s)', async (language) => {
    const text = phone[language];
    page = await suite.newPage({ language, viewport: { width: 390, height: 844 }, context: { isMobile: true, hasTouch: true } });
    await page.goto('/mining');
    await page.getByRole('button', { name: text.signIn }).click();
    const dialog = page.getByRole('dialog', { name: text.picker });
    await dialog.getByRole('heading', { name: text.title }).waitFor();
    const pageUrl = `${suite.server.baseUrl}/mining`;
    expect(await dialog.getByRole('link', { name: text.openIn('Xverse') }).getAttribute('href')).toBe(
      `https://connect.xverse.app/browser?url=${encodeURIComponent(pageUrl)}`,
    );
    expect(await dialog.getByRole('link', { name: text.openIn('OKX Wallet') }).getAttribute('href')).toBe(
      `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(pageUrl)}`)}`,
    );
    await dialog.getByRole('button', { name: text.copy }).waitFor();
    await dialog.getByRole('button', { name: text.manual }).click();
    await page.getByRole('dialog', { name: text.manual }).getByLabel(text.address).waitFor();
  });

  it('shows no phone links on a desktop browser without a wallet', async () => {
    await desktopPage('en');
    await page.goto('/mining');
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in with your wallet' });
    await dialog.getByRole('button', { name: 'Sign with another wallet' }).waitFor();
    expect(await dialog.getByRole('heading', { name: 'On a phone?' }).count()).toBe(0);
  });
});

describe('two extensions claiming window.unisat', () => {
  it('does not offer UniSat when another wallet answers window.unisat, and says which one', async () => {
    context = await suite.newContext();
    await context.addInitScript(() => {
      const okx = { isOkxWallet: true, requestAccounts: async () => ['bc1p-okx'], signMessage: async () => 'okx' };
      (window as unknown as { unisat: object }).unisat = okx;
      (window as unknown as { okxwallet: object }).okxwallet = { isOkxWallet: true, bitcoin: { connect: async () => ({ address: '' }) } };
    });
    page = await context.newPage();
    await page.goto('/mining');
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in with your wallet' });
    await dialog.getByRole('button', { name: 'OKX Wallet' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'UniSat' }).count()).toBe(0);
    await dialog.getByText('OKX Wallet answers in this browser where UniSat is expected', { exact: false }).waitFor();
  });

  it("asks UniSat's own object when another wallet overwrote window.unisat", async () => {
    const wallet = createTestWallet('p2tr');
    context = await suite.newContext();
    const asked: string[] = [];
    await context.exposeFunction('__signWithTestKey', (message: string) => {
      asked.push('unisat');
      return wallet.sign(message);
    });
    await context.addInitScript((address) => {
      const sign = (window as unknown as { __signWithTestKey: (message: string) => Promise<string> }).__signWithTestKey;
      const own = { requestAccounts: async () => [address], signMessage: (message: string) => sign(message) };
      const fork = {
        isBitKeep: true,
        requestAccounts: async () => {
          throw new Error('the fork was asked');
        },
        signMessage: async () => {
          throw new Error('the fork was asked');
        },
      };
      Object.assign(window, { unisat_wallet: own, unisat: fork });
    }, wallet.address);
    page = await context.newPage();
    await page.goto('/mining');
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in with your wallet' });
    await dialog.getByText('Bitget Wallet also answers as UniSat in this browser', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'UniSat' }).click();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    expect(asked).toEqual(['unisat']);
  });
});
