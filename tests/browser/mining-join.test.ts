import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { findUserByWallet, setBlocked } from '../../server/features/users/users.repository.js';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';
import { eventually, expectAttribute, toastWithText } from '../helpers/browser.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

let page: Page;

const suite = useBrowserSuite({}, { viewport: playwrightViewport });
beforeEach(async () => {
  page = await suite.newPage();
});

const invalidMessage = 'Please enter a valid Bitcoin wallet address (bc1p, bc1q, 3, or 1 format)';

async function borderColour(selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => getComputedStyle(element).borderTopColor);
}

describe('mining page: join with a wallet', () => {
  it('refuses an invalid address, then joins with a valid one and shows Almost Ready!', async () => {
    await page.goto('/mining');
    const input = page.getByLabel('Bitcoin wallet address');
    const join = page.getByRole('button', { name: 'Join', exact: true });
    const connectX = page.getByRole('button', { name: 'Connect X', exact: true });

    await eventually(() => connectX.isDisabled()).toBe(true);
    await expectAttribute(connectX, 'title', 'Please connect wallet first');

    await input.fill(fakeWallet('bc1p', 61));
    await eventually(() => join.isDisabled()).toBe(true);
    await expectAttribute(input, 'aria-invalid', 'true');
    const invalidBorder = await borderColour('input[aria-invalid="true"]');
    await input.press('Enter');
    await page.getByRole('alert').filter({ hasText: invalidMessage }).waitFor();

    await input.fill(mainnetWallets.taproot);
    await eventually(() => join.isEnabled()).toBe(true);
    await expectAttribute(input, 'aria-invalid', 'false');
    const validBorder = await borderColour('input[aria-invalid="false"]');
    expect(validBorder).not.toBe(invalidBorder);
    const [red, green] = [invalidBorder, validBorder].map((colour) => colour.match(/\d+/g)!.map(Number));
    expect(red![0]).toBeGreaterThan(red![1]!);
    expect(green![1]).toBeGreaterThan(green![0]!);

    await join.click();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    await page.getByRole('button', { name: 'Connect X Account' }).waitFor();
    await toastWithText(page, 'Welcome!').waitFor();
    // The session is stored by an effect, after the render that shows the heading.
    await eventually(() => page.evaluate(() => [localStorage.getItem('username'), localStorage.getItem('isLoggedIn')])).toEqual([
      mainnetWallets.taproot,
      'true',
    ]);
  });

  it('records the ?ref= referral code at login', async () => {
    await page.goto('/mining?ref=friend42');
    await page.getByLabel('Bitcoin wallet address').fill(mainnetWallets.segwitKey);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    const user = await findUserByWallet(suite.server.handle.db, mainnetWallets.segwitKey);
    expect(user?.referral_code).toBe('friend42');
  });

  it('keeps the session across a reload and logs out with the Disconnected toast', async () => {
    await page.goto('/mining');
    await page.getByLabel('Bitcoin wallet address').fill(mainnetWallets.legacy);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await toastWithText(page, 'Disconnected').waitFor();
    await toastWithText(page, 'Successfully logged out').waitFor();
    await eventually(() => page.getByLabel('Bitcoin wallet address').inputValue()).toBe('');
    await eventually(() => page.evaluate(() => localStorage.getItem('username'))).toBeNull();
  });

  it('shows the red suspension toast to a blocked wallet', async () => {
    await page.goto('/mining');
    await page.getByLabel('Bitcoin wallet address').fill(mainnetWallets.p2sh);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    const user = await findUserByWallet(suite.server.handle.db, mainnetWallets.p2sh);
    await setBlocked(suite.server.handle.db, user!.id, { at: Date.now(), reason: 'test' });

    await page.getByLabel('Bitcoin wallet address').fill(mainnetWallets.p2sh);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await toastWithText(page, 'ACCOUNT SUSPENDED').waitFor();
    await toastWithText(page, 'Gaming the system has been detected. You are disqualified and all points lost.').waitFor();
    await page.getByLabel('Bitcoin wallet address').waitFor();
  });

  it('clears a stored session whose wallet does not start with bc1, 1 or 3', async () => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('username', '0x1234567890abcdef1234567890abcdef12345678');
      localStorage.setItem('isLoggedIn', 'true');
    });
    await page.goto('/mining');
    await page.getByLabel('Bitcoin wallet address').waitFor();
    await eventually(() => page.evaluate(() => [localStorage.getItem('username'), localStorage.getItem('isLoggedIn')])).toEqual([
      null,
      null,
    ]);
  });
});
