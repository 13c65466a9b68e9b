import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/browser.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { fakeWallet } from '../helpers/wallets.js';
import { axeViolations } from '../helpers/axe.js';

const suite = useBrowserSuite();
let page: Page;

/** Twelve ranked miners (two pages of ten), with a tie at 900, plus two who are never listed. */
const miners = Array.from({ length: 12 }, (_, index) => ({
  wallet: fakeWallet('bc1q', 42 + index),
  points: [1_200, 900, 900, ...Array.from({ length: 9 }, (_, rest) => 800 - rest * 50)][index]!,
  handle: index % 2 === 0 ? `miner_${index}` : null,
  posts: (index % 3) + 1,
}));
const unlisted = [
  { wallet: fakeWallet('bc1q', 60), points: 0, blocked: false },
  { wallet: fakeWallet('bc1q', 61), points: 5_000, blocked: true },
];

const short = (wallet: string) => `${wallet.slice(0, 8)}…${wallet.slice(-8)}`;

beforeAll(async () => {
  const { db } = suite.server.handle;
  let tweet = 0;
  for (const [index, miner] of [...miners, ...unlisted.map((user) => ({ ...user, handle: null, posts: 0 }))].entries()) {
    const { id } = await db
      .insertInto('users')
      .values({
        wallet_address: miner.wallet,
        total_points: miner.points,
        created_at: 1_700_000_000_000,
        last_login_at: 1_700_000_000_000,
        last_tweet_claim_at: 1_700_000_000_000 + index,
        blocked_at: 'blocked' in miner && miner.blocked ? 1_700_000_000_000 : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (miner.handle) {
      await db
        .insertInto('twitter_accounts')
        .values({ user_id: id, x_user_id: `x${id}`, handle: miner.handle, is_verified: 0, verification_checked_at: 1, created_at: 1 })
        .execute();
    }
    for (let post = 0; post < miner.posts; post++) {
      tweet += 1;
      await db
        .insertInto('tweet_claims')
        .values({
          user_id: id,
          tweet_id: String(9_000 + tweet),
          tweet_url: `https://x.com/miner/status/${9_000 + tweet}`,
          tweet_text: 'Acorns #ACORN',
          is_custom: 1,
          points: 100,
          created_at: 1_700_000_000_000,
          meme_id: null,
        })
        .execute();
    }
  }
});
async function open(language: 'en' | 'zh', viewer?: (typeof miners)[number]) {
  // With a viewer: a session for its wallet, as a login leaves it.
  page = await suite.newPage({ language, signedIn: viewer?.wallet });
  await page.goto('/mining');
}

const card = (name: string) => page.getByRole('region', { name });
const bodyRows = (region: Locator) => region.locator('tbody tr');

/** Each body row's cells as a sighted reader sees them (screen-reader-only text left out). */
async function rowTexts(region: Locator): Promise<string[][]> {
  return bodyRows(region).evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.children, (cell) => {
        const copy = cell.cloneNode(true) as HTMLElement;
        for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
        return (copy.textContent ?? '').trim();
      }),
    ),
  );
}

describe('leaderboard card on /mining', () => {
  it('lists the top miners in English, ties sharing a rank, and pages with Previous and Next', async () => {
    await open('en');
    const leaderboard = card('Leaderboard');
    const table = leaderboard.getByRole('table', { name: /Miners ranked by points/ });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Rank', 'Wallet', 'X account', 'Points', 'Posts']);
    await eventually(() => bodyRows(leaderboard).count()).toBe(10);

    const firstPage = await rowTexts(leaderboard);
    expect(firstPage[0]).toEqual(['1', short(miners[0]!.wallet), '@miner_0', '1,200', '1']);
    expect(firstPage[1]).toEqual(['2', short(miners[1]!.wallet), '—', '900', '2']);
    expect(firstPage.map((row) => row[0])).toEqual(['1', '2', '2', '4', '5', '6', '7', '8', '9', '10']);
    expect(await leaderboard.getByRole('rowheader').first().textContent()).toBe(short(miners[0]!.wallet));
    expect(await page.locator('main').innerText()).not.toContain(unlisted[1]!.wallet.slice(-8));
    for (const miner of miners) expect(await page.content()).not.toContain(miner.wallet);

    const pager = leaderboard.getByRole('navigation', { name: 'Leaderboard pages' });
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager.getByText('Page 1 of 2', { exact: true }).waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 2', { exact: true }).waitFor();
    await eventually(() => rowTexts(leaderboard)).toEqual([
      ['11', short(miners[10]!.wallet), '@miner_10', '450', '2'],
      ['12', short(miners[11]!.wallet), '—', '400', '3'],
    ]);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await eventually(() => bodyRows(leaderboard).count()).toBe(10);
    expect(await axeViolations(page, '.sm-leaderboard')).toEqual([]);
  });

  it('is told in Chinese', async () => {
    await open('zh');
    const leaderboard = card('排行榜');
    const table = leaderboard.getByRole('table', { name: /矿工按积分排名/ });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['排名', '钱包', 'X 账户', '积分', '帖子']);
    await eventually(() => bodyRows(leaderboard).count()).toBe(10);
    expect(await leaderboard.locator('.visually-hidden').first().textContent()).toBe('未连接 X 账户');
    const pager = leaderboard.getByRole('navigation', { name: '排行榜分页' });
    await pager.getByText('第 1 页，共 2 页', { exact: true }).waitFor();
    await pager.getByRole('button', { name: '下一页' }).click();
    await pager.getByText('第 2 页，共 2 页', { exact: true }).waitFor();
    await pager.getByRole('button', { name: '上一页' }).waitFor();
  });

  it("marks the viewer's own row on the dashboard", async () => {
    const viewer = miners[2]!;
    await open('en', viewer);
    await page.getByRole('heading', { name: 'Social Mining & Content' }).waitFor();
    const leaderboard = card('Leaderboard');
    const own = leaderboard.locator('tbody tr[aria-current="true"]');
    await own.waitFor();
    expect(await leaderboard.locator('tbody tr[aria-current]').count()).toBe(1);
    expect(await own.getByRole('rowheader').innerText()).toBe(`${short(viewer.wallet)} You`);
    expect(await own.locator('td').first().innerText()).toBe('2');
    // The row already shows the viewer's rank: no separate line for it.
    expect(await leaderboard.getByTestId('leaderboard-viewer').count()).toBe(0);
    expect(await axeViolations(page, '.sm-leaderboard')).toEqual([]);
  });

  it("shows the viewer's rank when their row is on another page, in Chinese too", async () => {
    const viewer = miners[10]!;
    await open('zh', viewer);
    const leaderboard = card('排行榜');
    const standing = leaderboard.getByTestId('leaderboard-viewer');
    await eventually(() => standing.innerText()).toBe('您的排名：第 11 名 450 积分，2 条帖子');
    expect(await leaderboard.locator('tbody tr[aria-current]').count()).toBe(0);

    await leaderboard.getByRole('button', { name: '下一页' }).click();
    const own = leaderboard.locator('tbody tr[aria-current="true"]');
    await own.waitFor();
    expect(await own.getByRole('rowheader').innerText()).toBe(`${short(viewer.wallet)} 您`);
    expect(await standing.count()).toBe(0);
  });
});
