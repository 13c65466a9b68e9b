import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, revoke } from '../helpers/admin-callers.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { eventually, gotoHydrated, type RunningServer, startServerWithClock } from '../helpers/browser.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { openConsoleSignIn, signInToConsole, signWithWallet } from '../helpers/console-sign-in.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { loginCookie } from '../helpers/x-flow.js';
import { axeViolations } from '../helpers/axe.js';

const suite = useBrowserSuite({
  BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height',
  MARKETPLACE_API_BASE: 'http://127.0.0.1:9',
  UPSTREAM_TIMEOUT_MS: '300',
});

const texts = {
  en: {
    console: 'Operator console',
    nav: 'Console sections',
    disputes: 'Disputes',
    overview: 'Overview',
    claims: 'Claims',
    audit: 'Audit log',
    answer: (id: number) => `Answer: Dispute #${id}`,
    answerDialog: (id: number) => `Answer dispute #${id}`,
    answerLabel: 'Your answer',
    resolve: (id: number) => `Resolve: Dispute #${id}`,
    reopen: (id: number) => `Reopen: Dispute #${id}`,
    answerRequired: 'Write an answer first.',
    send: 'Send answer',
    status: 'Status',
    answered: 'Answered',
    refused: 'No access to the console',
    signatureRequired: 'The operator console needs a sign-in with your wallet signature.',
    memberWallet: 'Member wallet',
    filterAction: 'Action',
    reason: 'Reason',
    block: 'Block',
    blocked: (wallet: string) => `${wallet} is blocked.`,
    unblock: 'Unblock',
    unblocked: (wallet: string) => `${wallet} is no longer blocked.`,
    walletLabel: 'Wallet address',
    lookUp: 'Look Up Allocation',
    holderAnswer: 'Our answer',
  },
  zh: {
    console: '运营后台',
    nav: '后台栏目',
    disputes: '申诉',
    overview: '概览',
    claims: '领取',
    audit: '审计日志',
    answer: (id: number) => `回复: 申诉 #${id}`,
    answerDialog: (id: number) => `回复申诉 #${id}`,
    answerLabel: '您的回复',
    resolve: (id: number) => `标记已解决: 申诉 #${id}`,
    reopen: (id: number) => `重新打开: 申诉 #${id}`,
    answerRequired: '请先填写回复。',
    send: '发送回复',
    status: '状态',
    answered: '已回复',
    refused: '无权进入运营后台',
    signatureRequired: '运营后台需要使用钱包签名登录',
    memberWallet: '成员钱包',
    filterAction: '操作',
    reason: '原因',
    block: '封禁',
    blocked: (wallet: string) => `${wallet} 已被封禁。`,
    unblock: '解封',
    unblocked: (wallet: string) => `${wallet} 已解除封禁。`,
    walletLabel: '钱包地址',
    lookUp: '查询分配',
    holderAnswer: '我们的回复',
  },
} as const;

async function openDispute(wallet: string, message: string): Promise<number> {
  const { cookie } = await loginCookie(suite.server.api, wallet);
  const response = await suite.server.api.inject({
    method: 'POST',
    url: '/api/allocation/disputes',
    headers: { cookie },
    payload: { category: null, expectedAmount: null, message, reference: null },
  });
  if (response.statusCode !== 200 && response.statusCode !== 201) throw new Error(`dispute failed: ${response.body}`);
  return response.json().dispute.id;
}

describe.each(['en', 'zh'] as const)('the operator console at /admin (%s)', (language) => {
  const text = texts[language];

  it("a signed-in reviewer answers a dispute by keyboard and the holder sees it; an admin blocks a member, who is refused next; the audit log lists both", async () => {
    const holder = createTestWallet('p2wpkh');
    await seedAllocationRecords(suite.server.handle.db, [{ wallet: holder.address, category: 'Holder Airdrop', tokens: '1000' }]);
    const id = await openDispute(holder.address, `Missing <b>tokens</b> (${language})`);
    const reviewer = createTestWallet('p2tr');
    await grant(suite.server, reviewer.address, 'reviewer');

    const page = await signInToConsole(suite, language, reviewer);
    const nav = page.getByRole('navigation', { name: text.nav });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([text.disputes, text.overview, text.claims]);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    const row = page.getByRole('row', { name: new RegExp(`#${id}\\b`) });
    await row.getByText(`Missing <b>tokens</b> (${language})`, { exact: true }).waitFor();
    expect(await row.innerText()).toContain(holder.address);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // By keyboard: focus the answer button, open the dialog, send empty (refused), then an answer.
    await row.getByRole('button', { name: text.answer(id) }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text.answerDialog(id) });
    await dialog.getByLabel(text.answerLabel).waitFor();
    await dialog.getByRole('button', { name: text.send }).click();
    await dialog.getByRole('alert').getByText(text.answerRequired).waitFor();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel(text.answerLabel).focus();
    await page.keyboard.type(`Your tokens arrive at TGE (${language}).`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The queue shows open disputes: the answered one left it; under "Answered" it is there with its answer.
    await eventually(() => page.getByRole('row', { name: new RegExp(`#${id}\\b`) }).count()).toBe(0);
    await page.getByLabel(text.status).selectOption('answered');
    await eventually(() => page.getByRole('row', { name: new RegExp(`#${id}\\b`) }).innerText()).toContain(`Your tokens arrive at TGE (${language}).`);

    // The holder's own allocation page.
    const holderPage = await suite.newPage({ language, signedIn: holder.address });
    await gotoHydrated(holderPage, '/allocation');
    await holderPage.getByLabel(text.walletLabel).fill(holder.address);
    await holderPage.getByRole('button', { name: text.lookUp }).click();
    const answered = holderPage.getByTestId('dispute-answer');
    await eventually(() => answered.innerText()).toContain(`Your tokens arrive at TGE (${language}).`);
    expect(await answered.innerText()).toContain(text.holderAnswer);

    // Resolve, then reopen, by keyboard: the row moves between the statuses.
    const answeredRow = page.getByRole('row', { name: new RegExp(`#${id}\\b`) });
    await answeredRow.getByRole('button', { name: text.resolve(id) }).press('Enter');
    await eventually(() => answeredRow.count()).toBe(0);
    await page.getByLabel(text.status).selectOption('resolved');
    await answeredRow.getByRole('button', { name: text.reopen(id) }).press('Enter');
    await eventually(() => answeredRow.count()).toBe(0);
    // Back among the answered ones, as it has an answer.
    await page.getByLabel(text.status).selectOption('answered');
    await eventually(() => answeredRow.count()).toBe(1);

    const member = createTestWallet('p2wpkh');
    await loginCookie(suite.server.api, member.address);
    const admin = createTestWallet('p2tr');
    await grant(suite.server, admin.address, 'admin');

    const adminPage = await signInToConsole(suite, language, admin);
    await adminPage.getByRole('navigation', { name: text.nav }).getByRole('link', { name: text.audit }).click();
    await adminPage.waitForURL('**/admin/audit');
    await adminPage.getByLabel(text.memberWallet).fill(member.address);
    await adminPage.getByLabel(text.reason).fill(`bot farm (${language})`);
    await adminPage.getByRole('button', { name: text.block, exact: true }).click();
    await adminPage.getByText(text.blocked(member.address), { exact: true }).first().waitFor();

    const login = await suite.server.api.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress: member.address } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('ACCOUNT_BLOCKED');

    // Newest first: the block on top, and the reviewer's answer among the entries.
    const table = adminPage.getByRole('table', { name: text.audit });
    await eventually(() => table.locator('tbody tr').first().innerText()).toContain(`bot farm (${language})`);
    expect(await table.innerText()).toContain('user.block');
    const answerEntry = table.getByRole('row').filter({ hasText: 'dispute.answer' }).filter({ hasText: reviewer.address });
    expect(await answerEntry.count()).toBe(1);
    const csv = await adminPage.getByRole('link', { name: /CSV/ }).getAttribute('href');
    expect(csv).toBe('/api/admin/audit.csv');
    expect(await axeViolations(adminPage, 'main')).toEqual([]);

    // A filter narrows the table and the export alike.
    await adminPage.getByLabel(text.filterAction, { exact: true }).fill('user.block');
    await adminPage.getByLabel(text.filterAction, { exact: true }).press('Enter');
    await eventually(() => adminPage.getByRole('link', { name: /CSV/ }).getAttribute('href')).toBe('/api/admin/audit.csv?action=user.block');
    await eventually(() => table.getByRole('row').filter({ hasText: 'dispute.answer' }).count()).toBe(0);
    const exported = await adminPage.request.get('/api/admin/audit.csv?action=user.block');
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(`bot farm (${language})`);

    // Unblocking takes a reason too, and lets the member back in.
    await adminPage.getByLabel(text.reason).fill(`appeal accepted (${language})`);
    await adminPage.getByRole('button', { name: text.unblock, exact: true }).click();
    await adminPage.getByText(text.unblocked(member.address), { exact: true }).first().waitFor();
    const again = await suite.server.api.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress: member.address } });
    expect(again.statusCode).toBe(200);
  });
});

describe('who may enter /admin', () => {
  it('refuses an address-only session of a wallet holding a role, in words, and shows no console', async () => {
    const wallet = createTestWallet('p2wpkh');
    await grant(suite.server, wallet.address, 'admin');
    const page = await suite.newPage({ language: 'en', signedIn: wallet.address });
    await page.goto('/admin');
    await page.getByRole('heading', { name: texts.en.refused }).waitFor();
    await page.getByRole('alert').getByText(texts.en.signatureRequired, { exact: false }).waitFor();
    expect(await page.getByRole('navigation', { name: texts.en.nav }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('refuses a wallet-signed session of a wallet without a role, in Chinese words, and shows no console', async () => {
    const page = await suite.newPage('zh');
    await openConsoleSignIn(page, 'zh');
    await signWithWallet(page, 'zh', createTestWallet('p2tr'));
    await page.getByRole('heading', { name: texts.zh.refused }).waitFor();
    await page.getByRole('alert').getByText('您的钱包没有执行此操作的权限。').waitFor();
    expect(await page.getByRole('navigation', { name: texts.zh.nav }).count()).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('answers /admin and /admin/audit as pages (200) with X-Robots-Tag: noindex, and the home page without it', async () => {
    for (const path of ['/admin', '/admin/audit']) {
      const admin = await fetch(`${suite.server.baseUrl}${path}`);
      expect(admin.status).toBe(200);
      expect(admin.headers.get('x-robots-tag')).toBe('noindex');
    }
    const home = await fetch(`${suite.server.baseUrl}/`);
    expect(home.headers.get('x-robots-tag')).toBeNull();
  });
});

describe('an idle console', () => {
  let clock = Date.now();
  let clocked: RunningServer;
  beforeAll(async () => {
    clocked = await startServerWithClock({}, () => clock);
  });
  afterAll(async () => clocked?.close());

  it('asks for a new signature at the first call after 30 minutes without one, then opens again', async () => {
    const reviewer = createTestWallet('p2tr');
    await grant(clocked, reviewer.address, 'reviewer');
    const page = await signInToConsole(suite, 'en', reviewer, clocked);

    // The next call the console makes (another status) is refused, and the console asks for a signature.
    clock += 31 * 60 * 1000;
    await page.getByLabel('Status').selectOption('all');
    await page.getByRole('heading', { name: 'Sign in again' }).waitFor();
    await page.getByRole('alert').getByText('idle for 30 minutes', { exact: false }).waitFor();
    expect(await page.getByRole('navigation', { name: texts.en.nav }).count()).toBe(0);
    expect(await axeViolations(page, 'main')).toEqual([]);

    await signWithWallet(page, 'en', reviewer);
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('navigation', { name: texts.en.nav }).waitFor();
  });
});

describe('the audit log page', () => {
  it('pages back through older entries and returns to the newest', async () => {
    // Each grant and revoke is an entry: more than one page of 50.
    const granted = createTestWallet('p2wpkh');
    for (let round = 0; round < 30; round += 1) {
      await grant(suite.server, granted.address, 'reviewer');
      await revoke(suite.server, granted.address);
    }
    const admin = createTestWallet('p2tr');
    await grant(suite.server, admin.address, 'admin');
    const page = await signInToConsole(suite, 'en', admin);
    await page.getByRole('link', { name: texts.en.audit }).click();
    const rows = page.getByRole('table', { name: texts.en.audit }).locator('tbody tr');
    await eventually(() => rows.count()).toBe(50);
    const newest = await rows.first().innerText();
    expect(newest).toContain('admin.grant');

    await page.getByRole('button', { name: 'Older entries' }).click();
    await eventually(() => rows.first().innerText()).not.toBe(newest);
    await page.getByRole('button', { name: 'Newest entries' }).click();
    await eventually(() => rows.first().innerText()).toBe(newest);
  });
});
