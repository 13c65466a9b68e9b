import type { Page } from 'playwright-core';
import type { Language } from '@client/lib/i18n/types';
import type { TestWallet } from './bitcoin-signer.js';
import type { RunningServer } from './browser.js';
import type { BrowserSuite } from './browser-suite.js';
import { manualSignInTexts } from './manual-sign-in-texts.js';

const texts = {
  en: { ...manualSignInTexts.en, nav: 'Console sections' },
  zh: { ...manualSignInTexts.zh, nav: '后台栏目' },
};

/**
 * Opens /admin on a new page of the suite (on `target` when given) and signs in as an operator does without an
 * extension: the manual path, the wallet's signature of the server's message. Resolves once the console's sections show.
 */
export async function signInToConsole(suite: BrowserSuite, language: Language, wallet: TestWallet, target?: RunningServer): Promise<Page> {
  const page = await suite.newPage({ language, target });
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
