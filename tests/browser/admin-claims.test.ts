import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '@client/lib/i18n/types';
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
    claims: 'Claims',
    table: 'Claims and refused attempts, newest first',
    outcome: 'Outcome',
    claim: (id: number) => `Claim #${id}`,
    attempt: (id: number) => `Refused attempt #${id}`,
    revoke: 'Revoke',
    restore: 'Restore',
    reason: 'Reason',
    required: 'Write the reason.',
    points: (wallet: string, points: number) => `${wallet} now has ${points} points.`,
  },
  zh: {
    nav: '后台栏目',
    claims: '领取',
    table: '领取记录与被拒绝的尝试，最新在前',
    outcome: '结果',
    claim: (id: number) => `领取 #${id}`,
    attempt: (id: number) => `被拒绝的尝试 #${id}`,
    revoke: '撤销',
    restore: '恢复',
    reason: '原因',
    required: '请填写原因。',
    points: (wallet: string, points: number) => `${wallet} 现有 ${points} 积分。`,
  },
} as const;

async function openClaims(page: Page, language: Language) {
  const text = texts[language];
  await page.getByRole('navigation', { name: text.nav }).getByRole('link', { name: text.claims, exact: true }).click();
  await page.waitForURL('**/admin/claims');
  await page.getByRole('table', { name: text.table }).waitFor();
}

const storedScriptUrl = 'javascript:alert(document.domain)';

/** A member with one claim worth 25 points, and another member's refused near copy of it (its post URL a script). */
async function seedClaims() {
  const member = createTestWallet('p2wpkh').address;
  const copier = createTestWallet('p2wpkh').address;
  const { userId } = await loginCookie(suite.server.api, member);
  const { userId: copierId } = await loginCookie(suite.server.api, copier);
  const db = suite.server.handle.db;
  const now = Date.now();
  const claim = await db
    .insertInto('tweet_claims')
    .values({ user_id: userId, tweet_id: `${now}`, tweet_url: `https://x.com/acorn/status/${now}`, tweet_text: 'Gathering acorns', is_custom: 0, points: 25, created_at: now - 2000, meme_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ total_points: 25, last_tweet_claim_at: now - 2000 }).where('id', '=', userId).execute();
  const refusal = await db
    .insertInto('claim_refusals')
    .values({
      user_id: copierId,
      kind: 'tweet',
      tweet_id: `${now + 1}`,
      // Stored as sent: the console must show it as text, never as a link that runs.
      tweet_url: storedScriptUrl,
      code: 'DUPLICATE_CONTENT',
      similarity: 0.875,
      matched_claim_id: claim.id,
      created_at: now - 1000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { member, userId, claimId: Number(claim.id), refusalId: Number(refusal.id) };
}

const memberPoints = async (userId: number) =>
  Number((await suite.server.handle.db.selectFrom('users').select('total_points').where('id', '=', userId).executeTakeFirstOrThrow()).total_points);

describe('the claims section of /admin', () => {
  it('a signed-in reviewer revokes a claim with a reason in English and restores it in Chinese, by keyboard; the points follow', async () => {
    const { member, userId, claimId, refusalId } = await seedClaims();
    const reviewer = createTestWallet('p2tr');
    await grant(suite.server, reviewer.address, 'reviewer');

    const en = texts.en;
    const page = await signInToConsole(suite, 'en', reviewer);
    await openClaims(page, 'en');
    const table = page.getByRole('table', { name: en.table });
    const refused = table.getByRole('row', { name: en.attempt(refusalId) });
    await refused.waitFor();
    const refusedText = await refused.innerText();
    expect(refusedText).toContain('DUPLICATE_CONTENT');
    expect(refusedText).toContain('87.5%');
    expect(refusedText).toContain(`matches claim #${claimId}`);
    expect(refusedText).toContain(storedScriptUrl);
    expect(await refused.getByRole('link').count()).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);

    const row = table.getByRole('row', { name: en.claim(claimId) });
    expect(await row.getByRole('link').getAttribute('href')).toMatch(/^https:\/\/x\.com\/acorn\/status\/\d+$/);
    const revoke = row.getByRole('button', { name: `${en.revoke}: ${en.claim(claimId)}` });
    await revoke.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Revoke claim #${claimId}` });
    await dialog.waitFor();
    // An empty reason is refused before anything is sent.
    await dialog.getByRole('button', { name: en.revoke, exact: true }).press('Enter');
    await dialog.getByRole('alert').getByText(en.required).waitFor();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel(en.reason).fill('the post was deleted');
    await dialog.getByRole('button', { name: en.revoke, exact: true }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: en.points(member, 0) }).first().waitFor();
    await eventually(() => row.innerText()).toContain('Revoked: the post was deleted');
    expect(await memberPoints(userId)).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);

    const zh = texts.zh;
    const pageZh = await signInToConsole(suite, 'zh', reviewer);
    await openClaims(pageZh, 'zh');
    await pageZh.getByLabel(zh.outcome).selectOption('revoked');
    const tableZh = pageZh.getByRole('table', { name: zh.table });
    await eventually(() => tableZh.getByRole('row').count()).toBe(2);
    const rowZh = tableZh.getByRole('row', { name: zh.claim(claimId) });
    await rowZh.getByRole('button', { name: `${zh.restore}: ${zh.claim(claimId)}` }).press('Enter');
    const dialogZh = pageZh.getByRole('dialog', { name: `恢复领取 #${claimId}` });
    await dialogZh.getByLabel(zh.reason).fill('帖子已恢复');
    expect(await axeViolations(pageZh, '[role="dialog"]')).toEqual([]);
    await dialogZh.getByRole('button', { name: zh.restore, exact: true }).press('Enter');
    await dialogZh.waitFor({ state: 'detached' });
    await pageZh.getByRole('status').filter({ hasText: zh.points(member, 25) }).first().waitFor();
    expect(await memberPoints(userId)).toBe(25);
    // Restored, it is no longer among the revoked.
    await eventually(() => tableZh.getByRole('row', { name: zh.claim(claimId) }).count()).toBe(0);
    expect(await axeViolations(pageZh, 'main')).toEqual([]);

    const entries = await suite.server.handle.db
      .selectFrom('audit_log')
      .select(['actor', 'actor_role', 'action', 'target', 'reason'])
      .where('target', '=', `claim:${claimId}`)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { actor: reviewer.address, actor_role: 'reviewer', action: 'claim.revoke', target: `claim:${claimId}`, reason: 'the post was deleted' },
      { actor: reviewer.address, actor_role: 'reviewer', action: 'claim.restore', target: `claim:${claimId}`, reason: '帖子已恢复' },
    ]);
  }, 120_000);
});
