import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '@client/lib/i18n/types';
import { launchStateTtlMs } from '../../server/features/launch/launch.service.js';
import { grant } from '../helpers/admin-callers.js';
import { axeViolations } from '../helpers/axe.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { eventually } from '../helpers/browser.js';
import { useClockedBrowserSuite } from '../helpers/browser-suite.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { signInToConsole } from '../helpers/console-sign-in.js';
import { loginCookie } from '../helpers/x-flow.js';

// The server's clock runs ahead when a test needs every cached launch state read again.
let serverClockAhead = 0;
const suite = useClockedBrowserSuite(
  { BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height', MARKETPLACE_API_BASE: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: '300' },
  () => Date.now() + serverClockAhead,
);

const texts = {
  en: {
    nav: 'Console sections',
    overview: 'Overview',
    launch: 'Launch',
    roles: 'Roles',
    openDisputes: 'Open disputes',
    lookups: 'Lookups in the last hour (all servers)',
    reason: 'Reason (shown to visitors)',
    paused: (reason: string) => `Lookups paused: ${reason}`,
    notPaused: 'Lookups: not paused',
    resume: 'Resume',
    pausedLead: 'Allocation lookups are paused',
    wallet: 'Wallet',
    rolesCaption: 'Wallets with a role, oldest grant first',
    reviewer: 'reviewer',
  },
  zh: {
    nav: '后台栏目',
    overview: '概览',
    launch: '上线开关',
    roles: '角色',
    openDisputes: '待处理申诉',
    lookups: '最近一小时查询次数（全部服务器）',
    reason: '原因（访客可见）',
    paused: (reason: string) => `查询已暂停：${reason}`,
    notPaused: '查询：未暂停',
    resume: '恢复',
    pausedLead: '分配查询已暂停',
    wallet: '钱包',
    rolesCaption: '拥有角色的钱包，按授予时间从早到晚',
    reviewer: '审核员',
  },
} as const;

/** Follows a console section's link by keyboard: focus, then Enter. */
async function openSection(page: Page, language: Language, name: string): Promise<void> {
  const link = page.getByRole('navigation', { name: texts[language].nav }).getByRole('link', { name, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 2 }).first().waitFor();
}

const figure = (page: Page, key: string) => page.getByTestId(`overview-${key}`).locator('dd');

describe.each(['en', 'zh'] as const)('the console overview, launch switches and roles (%s)', (language) => {
  const text = texts[language];

  it('shows the open disputes and every lookup of the last hour, and is axe-clean', async () => {
    const holder = createTestWallet('p2wpkh');
    await seedAllocationRecords(suite.server.handle.db, [{ wallet: holder.address, category: 'Holder Airdrop', tokens: '1000' }]);
    const { cookie } = await loginCookie(suite.server.api, holder.address);
    const filed = await suite.server.api.inject({
      method: 'POST',
      url: '/api/allocation/disputes',
      headers: { cookie },
      payload: { message: `Short by a little (${language})` },
    });
    expect(filed.statusCode).toBe(201);
    for (let n = 0; n < 3; n += 1) {
      const lookup = await fetch(`${suite.server.baseUrl}/api/allocation/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ walletAddress: holder.address }),
      });
      expect(lookup.status).toBe(200);
    }
    await suite.server.app.lookupCounts.flush();
    const db = suite.server.handle.db;
    const open = await db.selectFrom('allocation_disputes').select('id').where('status', '=', 'open').execute();
    const counted = await db.selectFrom('lookup_counts').select('count').execute();
    const lookups = counted.reduce((sum, row) => sum + Number(row.count), 0);
    expect(lookups).toBeGreaterThanOrEqual(3);

    const admin = createTestWallet('p2tr');
    await grant(suite.server, admin.address, 'admin');
    const page = await signInToConsole(suite, language, admin);
    await openSection(page, language, text.overview);
    await eventually(() => figure(page, 'openDisputes').innerText()).toBe(String(open.length));
    await eventually(() => figure(page, 'lookupsLastHour').innerText()).toBe(String(lookups));
    await page.getByText(text.openDisputes, { exact: true }).waitFor();
    await page.getByText(text.lookups, { exact: true }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it("an admin pauses the lookups with a reason by keyboard and a visitor's page shows the pause; resumed, it is gone", async () => {
    const admin = createTestWallet('p2tr');
    await grant(suite.server, admin.address, 'admin');
    const page = await signInToConsole(suite, language, admin);
    await openSection(page, language, text.launch);
    const summary = page.getByTestId('launch-summary').first();
    await summary.getByText(text.notPaused).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    const reason = language === 'en' ? 'Checking a report about the list' : '正在核对名单';
    await page.getByLabel(text.reason).focus();
    await page.keyboard.type(reason);
    await page.keyboard.press('Enter');
    await summary.getByText(text.paused(reason)).waitFor();

    // Every process re-reads the launch state within 5 s: the server's clock moves past that.
    serverClockAhead += launchStateTtlMs + 1;
    const visitor = await suite.newPage(language);
    await visitor.goto('/tokenomics');
    const banner = visitor.getByRole('status').filter({ hasText: text.pausedLead });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(reason);

    const entries = await suite.server.handle.db.selectFrom('audit_log').select(['actor', 'reason']).where('action', '=', 'launch.pause').orderBy('id', 'desc').execute();
    expect(entries[0]).toEqual({ actor: admin.address, reason });

    await page.getByRole('button', { name: text.resume, exact: true }).focus();
    await page.keyboard.press('Enter');
    await summary.getByText(text.notPaused).waitFor();
    serverClockAhead += launchStateTtlMs + 1;
    // A new visitor: an open page's cached config (max-age 5 s) would keep the banner a moment longer.
    const next = await suite.newPage(language);
    await next.goto('/tokenomics');
    await next.getByRole('heading', { level: 1 }).waitFor();
    await eventually(() => next.getByRole('status').filter({ hasText: text.pausedLead }).count()).toBe(0);
  });

  it('an admin grants a wallet the reviewer role by keyboard, and it is listed', async () => {
    const admin = createTestWallet('p2tr');
    await grant(suite.server, admin.address, 'admin');
    const page = await signInToConsole(suite, language, admin);
    await openSection(page, language, text.roles);
    const table = page.getByRole('table', { name: text.rolesCaption });
    await table.getByRole('row', { name: new RegExp(admin.address) }).waitFor();

    const reviewer = createTestWallet('p2wpkh');
    await page.getByLabel(text.wallet, { exact: true }).focus();
    await page.keyboard.type(reviewer.address);
    await page.keyboard.press('Enter');
    const row = table.getByRole('row', { name: new RegExp(reviewer.address) });
    await row.waitFor();
    expect(await row.getByRole('cell').first().innerText()).toBe(text.reviewer);
    const role = await suite.server.handle.db.selectFrom('admin_roles').select('role').where('wallet_address', '=', reviewer.address).executeTakeFirst();
    expect(role).toEqual({ role: 'reviewer' });
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
