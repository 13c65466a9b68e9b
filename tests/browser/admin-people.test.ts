import { describe, expect, it } from 'vitest';
import { grant } from '../helpers/admin-callers.js';
import { axeViolations } from '../helpers/axe.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { eventually } from '../helpers/browser.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { signInToConsole } from '../helpers/console-sign-in.js';
import { loginCookie } from '../helpers/x-flow.js';

const suite = useBrowserSuite({
  BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height',
  MARKETPLACE_API_BASE: 'http://127.0.0.1:9',
  UPSTREAM_TIMEOUT_MS: '300',
});

const texts = {
  en: {
    nav: 'Console sections',
    people: 'People',
    search: 'Wallet address or X handle',
    matches: 'Matches',
    record: (wallet: string) => `Member ${wallet}`,
    claims: 'Claims (1)',
    xLinks: 'X link history',
    disputes: 'Disputes',
    sessions: 'Sessions',
    delta: 'Points to add (negative takes away)',
    adjustReason: 'Reason for the adjustment',
    adjust: 'Adjust points',
    belowZero: 'Points cannot go below zero: this member has 25.',
    blockReason: 'Reason for the block or unblock',
    block: 'Block member',
    unblock: 'Unblock member',
    blocked: (reason: string) => `Blocked: ${reason}`,
    noSessions: 'No sessions.',
  },
  zh: {
    nav: '后台栏目',
    people: '成员',
    search: '钱包地址或 X 用户名',
    matches: '匹配结果',
    record: (wallet: string) => `成员 ${wallet}`,
    claims: '领取记录（1 条）',
    xLinks: 'X 账号关联历史',
    disputes: '申诉',
    sessions: '登录会话',
    delta: '增加的积分（负数为扣减）',
    adjustReason: '调整原因',
    adjust: '调整积分',
    belowZero: '积分不能低于零：该成员现有 25 积分。',
    blockReason: '封禁或解封的原因',
    block: '封禁成员',
    unblock: '解封成员',
    blocked: (reason: string) => `已封禁：${reason}`,
    noSessions: '没有登录会话。',
  },
} as const;

/** A member with a linked X account, one claim worth 25 points and a dispute. */
async function seedMember(handle: string): Promise<string> {
  const wallet = createTestWallet('p2wpkh').address;
  const { cookie, userId } = await loginCookie(suite.server.api, wallet);
  const db = suite.server.handle.db;
  const now = Date.now();
  await db.insertInto('x_account_bindings').values({ x_user_id: `x-${handle}`, user_id: userId, created_at: now }).execute();
  await db
    .insertInto('twitter_accounts')
    .values({
      user_id: userId,
      x_user_id: `x-${handle}`,
      handle,
      is_verified: 0,
      verification_checked_at: now,
      access_token: null,
      refresh_token: null,
      token_expires_at: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('tweet_claims')
    .values({
      user_id: userId,
      tweet_id: `${now}`,
      tweet_url: `https://x.com/${handle}/status/${now}`,
      tweet_text: 'Gathering acorns',
      is_custom: 0,
      points: 25,
      created_at: now,
      meme_id: null,
    })
    .execute();
  await db.updateTable('users').set({ total_points: 25, last_tweet_claim_at: now }).where('id', '=', userId).execute();
  const filed = await suite.server.api.inject({
    method: 'POST',
    url: '/api/allocation/disputes',
    headers: { cookie },
    payload: { message: 'Where are my acorns?' },
  });
  if (filed.statusCode !== 201) throw new Error(filed.body);
  return wallet;
}

describe.each(['en', 'zh'] as const)('the people section of /admin (%s)', (language) => {
  const text = texts[language];

  it('an admin finds a member by X handle, reads their record, adjusts their points with a reason and blocks them, by keyboard', async () => {
    const handle = `AcornPal_${language}`;
    const member = await seedMember(handle);
    const admin = createTestWallet('p2tr');
    await grant(suite.server, admin.address, 'admin');
    const page = await signInToConsole(suite, language, admin);

    await page.getByRole('navigation', { name: text.nav }).getByRole('link', { name: text.people }).click();
    await page.waitForURL('**/admin/people');
    // The handle in another case, with its @; Enter sends the search.
    await page.getByLabel(text.search).fill(`@${handle.toLowerCase()}`);
    await page.getByLabel(text.search).press('Enter');
    const matches = page.getByRole('table', { name: text.matches });
    const link = matches.getByRole('link', { name: member });
    await link.waitFor();
    expect(await matches.getByRole('row').filter({ hasText: member }).innerText()).toContain(`@${handle}`);
    expect(await axeViolations(page, 'main')).toEqual([]);

    await link.focus();
    await page.keyboard.press('Enter');
    const record = page.getByRole('region', { name: text.record(member) });
    await record.waitFor();
    await eventually(() => page.getByTestId('person-points').innerText()).toBe('25');
    await record.getByRole('table', { name: text.claims }).getByRole('link', { name: new RegExp(handle) }).waitFor();
    expect(await record.getByRole('table', { name: text.xLinks }).innerText()).toContain(`@${handle}`);
    expect(await record.getByRole('table', { name: text.disputes, exact: true }).innerText()).toContain('Where are my acorns?');
    expect(await record.getByRole('table', { name: text.sessions }).getByRole('row').count()).toBe(2);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Taking more than there is: refused in words, nothing changes.
    await page.getByLabel(text.delta).fill('-30');
    await page.getByLabel(text.adjustReason).fill(`too much (${language})`);
    await page.getByLabel(text.adjustReason).press('Enter');
    await record.getByRole('alert').getByText(text.belowZero).waitFor();
    expect(await page.getByTestId('person-points').innerText()).toBe('25');

    await page.getByLabel(text.delta).fill('15');
    await page.getByLabel(text.adjustReason).fill(`meme contest prize (${language})`);
    await page.getByRole('button', { name: text.adjust }).press('Enter');
    await eventually(() => page.getByTestId('person-points').innerText()).toBe('40');
    const entry = await suite.server.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'points.adjust')
      .where('target', '=', member)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor: admin.address, reason: `meme contest prize (${language})`, before: '{"points":25}', after: '{"points":40}' });

    // Blocking asks a reason and turns the form into its unblock.
    await page.getByLabel(text.blockReason).fill(`bot farm (${language})`);
    await page.getByRole('button', { name: text.block }).press('Enter');
    await eventually(() => page.getByTestId('person-state').innerText()).toBe(text.blocked(`bot farm (${language})`));
    await page.getByRole('button', { name: text.unblock }).waitFor();
    const login = await suite.server.api.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress: member } });
    expect(login.json().error).toBe('ACCOUNT_BLOCKED');
    await eventually(() => record.getByRole('table', { name: text.sessions }).innerText()).toContain(text.noSessions);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
