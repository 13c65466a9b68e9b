import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { commandActor } from '../../server/features/audit/audit.service.js';
import { computeAllocationRoot } from '../../server/features/allocation/allocation-tree.js';
import { importAllocationsFile, removeAllocationSource } from '../../server/features/imports/index.js';
import { grant } from '../helpers/admin-callers.js';
import { axeViolations } from '../helpers/axe.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { eventually } from '../helpers/browser.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { signInToConsole } from '../helpers/console-sign-in.js';
import { mainnetWallets } from '../helpers/wallets.js';

const suite = useBrowserSuite({
  // Hidden until a reveal far ahead, as the launch steps load the list: its imports publish no root yet.
  ALLOCATION_REVEAL_AT: '2099-12-01T15:00:00Z',
  BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height',
  MARKETPLACE_API_BASE: 'http://127.0.0.1:9',
  UPSTREAM_TIMEOUT_MS: '300',
});
let folder: string;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-imports-'));
});
afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

const texts = {
  en: {
    nav: 'Console sections',
    imports: 'Imports',
    snapshots: 'Allocation snapshots, newest import first',
    file: 'Corrected list (CSV)',
    source: 'Source (default: the file name)',
    preview: 'Preview difference',
    difference: (source: string) => `Difference from the live list of "${source}"`,
    added: 'Wallets added',
    removed: 'Wallets removed',
    changed: 'Wallets changed',
    wallets: 'Differing wallets (3)',
    kinds: { added: 'added', removed: 'removed', changed: 'changed' },
    needsReplace: 'Importing this list needs --replace. Wallets left with no record: 1; wallets whose total goes down: 0 (per wallet, across every source).',
    rejected: 'The list was refused: 1 bad row. Nothing was changed.',
    line: 'Line 3: unknown category "Holder Airdorp"',
  },
  zh: {
    nav: '后台栏目',
    imports: '导入',
    snapshots: '分配快照（最新导入在前）',
    file: '更正后的名单（CSV）',
    source: '来源（默认：文件名）',
    preview: '预览差异',
    difference: (source: string) => `与“${source}”当前名单的差异`,
    added: '新增钱包',
    removed: '移除钱包',
    changed: '变更钱包',
    wallets: '有差异的钱包（3 个）',
    kinds: { added: '新增', removed: '移除', changed: '变更' },
    needsReplace: '导入此名单需要 --replace。不再有任何记录的钱包：1；总额减少的钱包：0（按钱包统计，涵盖所有来源）。',
    rejected: '名单被拒绝：有 1 行错误。未做任何更改。',
    line: '第 3 行：unknown category "Holder Airdorp"',
  },
} as const;

const csv = (...rows: string[]) => ['wallet_address,category,tokens', ...rows].join('\n') + '\n';

function writeList(name: string, content: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  return file;
}

describe.each(['en', 'zh'] as const)('the imports section of /admin (%s)', (language) => {
  const text = texts[language];

  it("an admin reads every snapshot and previews a corrected list's difference by keyboard, and nothing changes", async () => {
    const source = `tge-${language}`;
    const db = suite.server.handle.db;
    const live = writeList(
      `${source}.csv`,
      csv(
        `${mainnetWallets.segwitKey},Holder Airdrop,34123`,
        `${mainnetWallets.segwitKey},Whale Bonus #1,3753.53`,
        `${mainnetWallets.legacy},Holder Airdrop,0.000001`,
        `${mainnetWallets.p2sh},Staking Season 1,1234567.891011`,
      ),
    );
    const imported = await importAllocationsFile(db, live, {
      source,
      keepDemo: true,
      by: commandActor('alice'),
      snapshot: async () => ({ asOfBlock: 870_123, importedAt: Date.now() }),
    });
    expect(imported.ok).toBe(true);
    // The other language's run imports the same pairs under its own source: a pair under two sources is refused.
    onTestFinished(async () => {
      const removed = await removeAllocationSource(db, source, { replace: true, keepDemo: true });
      expect(removed.ok).toBe(true);
    });
    const admin = createTestWallet('p2tr');
    await grant(suite.server, admin.address, 'admin');
    const page = await signInToConsole(suite, language, admin);

    const link = page.getByRole('navigation', { name: text.nav }).getByRole('link', { name: text.imports });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/imports');
    const snapshots = page.getByRole('table', { name: text.snapshots });
    const row = snapshots.getByRole('row').filter({ has: page.getByRole('rowheader', { name: source, exact: true }) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual(['4', '3', '1272444.421012']);
    expect(cells[3]).toBe('870,123');
    expect(cells[5]).toBe('cli:alice');
    expect(await page.getByRole('main').innerText()).toContain((await computeAllocationRoot(db)).root!);
    expect(await axeViolations(page, 'main')).toEqual([]);

    const before = await db.selectFrom('allocation_records').selectAll().orderBy('id').execute();
    const oldRoot = (await computeAllocationRoot(db)).root!;
    // A bad row first: refused with its line, in the page's language.
    await page.getByLabel(text.file).setInputFiles(writeList('bad.csv', csv(`${mainnetWallets.taproot},Holder Airdrop,1`, `${mainnetWallets.legacy},Holder Airdorp,2`)));
    await page.getByLabel(text.source).fill(source);
    await page.getByRole('button', { name: text.preview }).focus();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: text.rejected });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(text.line);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The corrected list: the whale bonus moves, the legacy wallet goes, a taproot wallet comes.
    await page
      .getByLabel(text.file)
      .setInputFiles(
        writeList(
          'corrected.csv',
          csv(
            `${mainnetWallets.segwitKey},Holder Airdrop,34123`,
            `${mainnetWallets.segwitKey},Whale Bonus #1,4000`,
            `${mainnetWallets.p2sh},Staking Season 1,1234567.891011`,
            `${mainnetWallets.taproot},Holder Airdrop,10`,
          ),
        ),
      );
    await page.getByLabel(text.source).focus();
    await page.keyboard.press('Enter');
    const difference = page.getByRole('region', { name: text.difference(source) });
    await difference.waitFor();
    const body = await difference.innerText();
    for (const label of [text.added, text.removed, text.changed]) expect(body).toMatch(new RegExp(`${label}\\s+1`));
    expect(body).toContain(oldRoot);
    // The legacy wallet's only record goes: the import needs --replace.
    expect(body).toContain(text.needsReplace);
    const wallets = difference.getByRole('table', { name: text.wallets });
    expect(await wallets.getByRole('rowheader').allInnerTexts()).toEqual([mainnetWallets.legacy, mainnetWallets.taproot, mainnetWallets.segwitKey]);
    const changed = await wallets.getByRole('row').filter({ hasText: mainnetWallets.segwitKey }).getByRole('cell').allInnerTexts();
    expect(changed).toEqual([text.kinds.changed, '37876.53', '38123', 'Whale Bonus #1: 3753.53 → 4000']);
    expect(await axeViolations(page, 'main')).toEqual([]);

    await eventually(async () => (await db.selectFrom('allocation_records').selectAll().orderBy('id').execute()).length).toBe(before.length);
    expect(await db.selectFrom('allocation_records').selectAll().orderBy('id').execute()).toEqual(before);
    expect((await computeAllocationRoot(db)).root).toBe(oldRoot);
  });
});
