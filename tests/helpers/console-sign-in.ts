import type { Page } from 'playwright-core';
import type { Language } from '@client/lib/i18n/types';
import type { TestWallet } from './bitcoin-signer.js';
import type { RunningServer } from './browser.js';
import type { BrowserSuite } from './browser-suite.js';

const texts = {
  en: {
    signIn: 'Sign in with wallet',
    picker: 'Sign in with your wallet',
    manual: 'Sign with another wallet',
    address: 'Your Bitcoin address',
    getMessage: 'Get the message to sign',
    message: 'Message to sign',
    signature: 'Signature',
    verify: 'Verify and sign in',
    nav: 'Console sections',
  },
  zh: {
    signIn: '使用钱包登录',
    picker: '使用您的钱包登录',
    manual: '使用其他钱包签名',
    address: '您的比特币地址',
    getMessage: '获取要签名的消息',
    message: '要签名的消息',
    signature: '签名',
    verify: '验证并登录',
    nav: '后台栏目',
  },
};

/**
 * Opens /admin on a new page of the suite (on `target` when given) and signs in as an operator does without an
 * extension: the manual path, the wallet's signature of the server's message. Resolves once the console's sections show.
 */
export async function signInToConsole(suite: BrowserSuite, language: Language, wallet: TestWallet, target?: RunningServer): Promise<Page> {
  const page = await suite.newPage(language, target);
  await openConsoleSignIn(page, language);
  await signWithWallet(page, language, wallet);
  await page.getByRole('navigation', { name: texts[language].nav }).waitFor();
  return page;
}

/** Opens /admin and waits for its wallet sign-in. */
export async function openConsoleSignIn(page: Page, language: Language): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { name: texts[language].picker }).waitFor();
}

/** The sign-in's manual path from a page showing "Sign in with wallet"; resolves once its dialog has closed. */
export async function signWithWallet(page: Page, language: Language, wallet: TestWallet): Promise<void> {
  const text = texts[language];
  await page.getByRole('button', { name: text.signIn }).click();
  await page.getByRole('dialog', { name: text.picker }).getByRole('button', { name: text.manual }).click();
  const dialog = page.getByRole('dialog', { name: text.manual });
  await dialog.getByLabel(text.address).fill(wallet.address);
  await dialog.getByRole('button', { name: text.getMessage }).click();
  const message = await dialog.getByLabel(text.message).inputValue();
  await dialog.getByLabel(text.signature, { exact: true }).fill(wallet.sign(message));
  await dialog.getByRole('button', { name: text.verify }).click();
  await dialog.waitFor({ state: 'detached' });
}
