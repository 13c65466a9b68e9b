import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, gotoHydrated, toastWithText } from '../helpers/browser.js';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';
import { runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { axeViolations } from '../helpers/axe.js';

let page: Page;

const holder = mainnetWallets.segwitKey;
const stranger = mainnetWallets.legacy;

const suite = useBrowserSuite(
  {
    BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height',
    MARKETPLACE_API_BASE: 'http://127.0.0.1:9',
    UPSTREAM_TIMEOUT_MS: '300',
  },
  { viewport: playwrightViewport },
);
beforeAll(async () => {
  await seedAllocationRecords(suite.server.handle.db, [{ wallet: holder, category: 'Holder Airdrop', tokens: '1000' }]);
});

/** A page on /allocation, signed in as `wallet` the way a login leaves it (cookie and stored session). */
async function open(wallet?: string) {
  page = await suite.newPage({ signedIn: wallet });
  await gotoHydrated(page, '/allocation');
}

async function lookUp(address: string) {
  await page.getByLabel('Wallet address').fill(address);
  await page.getByRole('button', { name: 'Look Up Allocation' }).click();
}

const dialog = () => page.getByRole('dialog', { name: 'Report a problem with your allocation' });
const somethingWrong = () => page.getByRole('button', { name: 'Something wrong?' });
const statusBadges = () => page.getByTestId('dispute-status');

describe("'Something wrong?' on the allocation page", () => {
  it('asks a visitor to join first, with a link to /mining', async () => {
    await open();
    await lookUp(holder);
    await page.getByRole('heading', { name: 'Allocation Result' }).waitFor();
    await somethingWrong().click();
    await dialog().getByText(/Join with your wallet first/).waitFor();
    expect(await dialog().getByRole('textbox').count()).toBe(0);
    await dialog().getByRole('link', { name: 'Join on the Mining page' }).click();
    await page.waitForURL('**/mining');
  });

  it('opens a report, shows it open, and after the operator answers by CLI shows the answer', async () => {
    await open(holder);
    await lookUp(holder);
    await page.getByRole('heading', { name: 'Allocation Result' }).waitFor();
    await somethingWrong().click();
    await dialog().getByText(`About your wallet ${holder}.`, { exact: false }).waitFor();

    // The choices are the holder's own categories in the live snapshot, and Other: nothing the server refuses.
    const category = dialog().getByLabel('Category (optional)');
    expect(await category.locator('option').allInnerTexts()).toEqual([
      'Choose a category',
      'Holder Airdrop',
      'Other (say which in your message)',
    ]);
    await category.selectOption({ label: 'Other (say which in your message)' });
    await dialog().getByLabel('Expected amount in tokens (optional)').fill('lots');
    await dialog().getByLabel('What looks wrong?').fill('My <b>staking</b> tokens are missing & more');
    await dialog().getByLabel('Reference (optional)').fill('tx-42');
    await dialog().getByRole('button', { name: 'Send report' }).click();
    await dialog().getByText(/Enter the expected amount as a number of tokens/).waitFor();
    expect(await axeViolations(page, '.dialog')).toEqual([]);

    await dialog().getByLabel('Expected amount in tokens (optional)').fill('2500.5');
    await dialog().getByRole('button', { name: 'Send report' }).click();
    await toastWithText(page, 'Report sent').waitFor();
    await eventually(() => dialog().count()).toBe(0);

    await eventually(() => statusBadges().allInnerTexts()).toEqual(['Open']);
    const report = page.getByRole('listitem', { name: /Report #\d+/ });
    // The message is shown as typed: the tags are text, not markup.
    await report.getByText('My <b>staking</b> tokens are missing & more', { exact: true }).waitFor();
    expect(await report.locator('b').count()).toBe(0);
    expect(await report.innerText()).toContain('Expected: 2,500.5');
    expect(await report.innerText()).toContain('No answer yet.');
    expect(await axeViolations(page, '.dispute')).toEqual([]);

    // One open report at a time.
    await somethingWrong().click();
    await dialog().getByText(/You already have an open report/).waitFor();
    await dialog().getByRole('button', { name: 'Close' }).click();

    const [row] = await suite.server.handle.db.selectFrom('allocation_disputes').select(['id', 'category']).execute();
    expect(row!.category).toBe('other');
    const answer = await runCli('disputes', ['answer', String(row!.id), '--message', 'Your Season 1 tokens <arrive> at TGE.'], suite.server.config);
    expect(answer.code).toBe(0);

    await page.reload();
    await lookUp(holder);
    await eventually(() => statusBadges().allInnerTexts()).toEqual(['Answered']);
    const answered = page.getByTestId('dispute-answer');
    expect(await answered.innerText()).toContain('Our answer');
    expect(await answered.innerText()).toContain('Your Season 1 tokens <arrive> at TGE.');
  });

  it("offers the form on 'Not Found' too, and never shows another wallet's reports", async () => {
    await open(stranger);
    await lookUp(stranger);
    await page.getByRole('heading', { name: 'No allocation found for this address' }).waitFor();
    await somethingWrong().click();
    await dialog().getByLabel('What looks wrong?').fill('Nothing found for me');
    await dialog().getByRole('button', { name: 'Send report' }).click();
    await eventually(() => statusBadges().allInnerTexts()).toEqual(['Open']);
    expect(await page.locator('.dispute-list').innerText()).not.toContain('staking');
  });

  it('sends a report answered DATABASE_UNAVAILABLE once and says why, as the database may have filed it already', async () => {
    const wallet = mainnetWallets.taproot;
    await open(wallet);
    let sent = 0;
    await page.route('**/api/allocation/disputes', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent += 1;
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ error: 'DATABASE_UNAVAILABLE', message: 'Our data store cannot be reached right now. Please try again shortly.' }),
      });
    });
    await lookUp(wallet);
    await page.getByRole('heading', { name: 'No allocation found for this address' }).waitFor();
    await somethingWrong().click();
    await dialog().getByLabel('What looks wrong?').fill('Nothing found for me either');
    await dialog().getByRole('button', { name: 'Send report' }).click();
    // Shown once the mutation has given up: any retry would have come before it.
    await dialog().getByText('Our data store cannot be reached right now. Please try again shortly.', { exact: false }).waitFor();
    expect(sent).toBe(1);
  });
});
