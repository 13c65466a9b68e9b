import type { Page } from 'playwright-core';
import type { TestWallet } from './bitcoin-signer.js';

type Language = 'en' | 'zh';

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
 * Opens /admin on the page and signs in as an operator does without an extension: the manual path,
 * the wallet's signature of the server's message. Resolves once the console's sections show.
 */
export async function signInToConsoleOn(page: Page, language: Language, wallet: TestWallet): Promise<Page> {
  const text = texts[language];
  await page.goto('/admin');
  await page.getByRole('heading', { name: text.picker }).waitFor();
  await page.getByRole('button', { name: text.signIn }).click();
  await page.getByRole('dialog', { name: text.picker }).getByRole('button', { name: text.manual }).click();
  const dialog = page.getByRole('dialog', { name: text.manual });
  await dialog.getByLabel(text.address).fill(wallet.address);
  await dialog.getByRole('button', { name: text.getMessage }).click();
  const message = await dialog.getByLabel(text.message).inputValue();
  await dialog.getByLabel(text.signature, { exact: true }).fill(wallet.sign(message));
  await dialog.getByRole('button', { name: text.verify }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('navigation', { name: text.nav }).waitFor();
  return page;
}
