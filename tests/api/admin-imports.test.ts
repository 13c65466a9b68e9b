import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { commandActor } from '../../server/features/audit/audit.service.js';
import { computeAllocationRoot } from '../../server/features/allocation/allocation-tree.js';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import { revealAt } from '../../server/features/launch/launch.service.js';
import { signedInAs } from '../helpers/admin-callers.js';
import { useTestApp } from '../helpers/build-app.js';
import { multipartBody } from '../helpers/multipart.js';
import { revealFarAhead } from '../helpers/cli-database.js';
import { fixture } from '../helpers/run-cli.js';
import { mainnetWallets } from '../helpers/wallets.js';

const ctx = useTestApp();
let cookie: string;
beforeEach(async () => {
  // Hidden until a reveal far ahead, as the launch steps load the list: its imports publish no root yet.
  await revealAt(ctx.handle.db, { kind: 'time', at: revealFarAhead });
  ({ cookie } = await signedInAs(ctx, 'admin'));
});

const good = fixture('allocations-good.csv');
const importedAt = Date.UTC(2026, 10, 20, 12, 0, 0);
const csv = (...rows: string[]) => ['wallet_address,category,tokens', ...rows].join('\n') + '\n';

async function importLive() {
  const result = await importAllocationsFile(ctx.handle.db, good, {
    source: 'tge',
    by: commandActor('alice'),
    snapshot: async () => ({ asOfBlock: 870_000, importedAt }),
  });
  expect(result.ok).toBe(true);
  // The same holders and figures in other categories: a pair held under two sources would count twice.
  const partners = path.join(ctx.config.dataDir, 'partners.csv');
  fs.writeFileSync(
    partners,
    csv(
      `${mainnetWallets.segwitKey},Public Sale,34123`,
      `${mainnetWallets.segwitKey},Staking Season 2,3753.53`,
      `${mainnetWallets.legacy},Public Sale,0.000001`,
      `${mainnetWallets.p2sh},Staking Season 2,1234567.891011`,
    ),
  );
  const second = await importAllocationsFile(ctx.handle.db, partners, { source: 'partners', snapshot: async () => ({ asOfBlock: null, importedAt: importedAt + 1000 }) });
  expect(second.ok).toBe(true);
}

const records = () => ctx.handle.db.selectFrom('allocation_records').selectAll().orderBy('id').execute();

function preview(content: string, fields: Record<string, string> = {}, filename = 'corrected.csv') {
  const { payload, headers } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: content, filename, type: 'text/csv' },
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/admin/imports/preview', headers: { ...headers, cookie }, payload });
}

describe('the imports of /api/admin', () => {
  it("lists every snapshot with its source's rows, wallets, tokens, as-of block, time and who imported it, and the live root", async () => {
    await importLive();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/imports', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.root).toBe((await computeAllocationRoot(ctx.handle.db)).root);
    expect(body.leafCount).toBe(8);
    expect(body.snapshots).toEqual([
      {
        source: 'partners',
        rows: 4,
        wallets: 3,
        totalMicro: '1272444421012',
        asOfBlock: null,
        importedAt: new Date(importedAt + 1000).toISOString(),
        importedBy: { actor: 'unnamed', role: null },
      },
      {
        source: 'tge',
        rows: 4,
        wallets: 3,
        totalMicro: '1272444421012',
        asOfBlock: 870_000,
        importedAt: new Date(importedAt).toISOString(),
        importedBy: { actor: 'cli:alice', role: null },
      },
    ]);
  });

  it("previews a corrected list's difference from the live rows of its source, with both roots, and changes nothing", async () => {
    await importLive();
    const before = await records();
    const audit = await ctx.handle.db.selectFrom('audit_log').select('id').execute();
    const oldRoot = (await computeAllocationRoot(ctx.handle.db)).root;
    const corrected = csv(
      `${mainnetWallets.segwitKey},Holder Airdrop,34123`,
      `${mainnetWallets.segwitKey},Whale Bonus #1,4000`,
      `${mainnetWallets.p2sh},Staking Season 1,1234567.891011`,
      `${mainnetWallets.taproot},Holder Airdrop,10`,
    );
    const response = await preview(corrected, { source: 'tge' });
    expect(response.statusCode, response.body).toBe(200);
    const { difference } = response.json();
    expect(difference).toMatchObject({
      source: 'tge',
      liveRows: 4,
      candidateRows: 4,
      liveWallets: 3,
      candidateWallets: 3,
      added: 1,
      removed: 1,
      changed: 1,
      unchanged: 1,
      liveTotalMicro: '1272444421012',
      candidateTotalMicro: '1272700891011',
      oldRoot,
      more: 0,
    });
    expect(difference.newRoot).toMatch(/^[0-9a-f]{64}$/);
    expect(difference.newRoot).not.toBe(oldRoot);
    expect(difference.wallets).toEqual([
      {
        wallet: mainnetWallets.legacy,
        kind: 'removed',
        oldTotalMicro: '1',
        newTotalMicro: null,
        categories: [{ category: 'Holder Airdrop', oldMicro: '1', newMicro: null }],
      },
      {
        wallet: mainnetWallets.taproot,
        kind: 'added',
        oldTotalMicro: null,
        newTotalMicro: '10000000',
        categories: [{ category: 'Holder Airdrop', oldMicro: null, newMicro: '10000000' }],
      },
      {
        wallet: mainnetWallets.segwitKey,
        kind: 'changed',
        oldTotalMicro: '37876530000',
        newTotalMicro: '38123000000',
        categories: [{ category: 'Whale Bonus #1', oldMicro: '3753530000', newMicro: '4000000000' }],
      },
    ]);
    expect(await records()).toEqual(before);
    expect(await ctx.handle.db.selectFrom('audit_log').select('id').execute()).toEqual(audit);

    // The new root is the one the table has once the list is imported (with --replace: the legacy wallet
    // loses its Holder Airdrop record, 0.000001 tokens).
    expect(response.json().needsReplace).toBe(true);
    const file = path.join(ctx.config.dataDir, 'corrected.csv');
    fs.writeFileSync(file, corrected);
    expect((await importAllocationsFile(ctx.handle.db, file, { source: 'tge', replace: true })).ok).toBe(true);
    expect((await computeAllocationRoot(ctx.handle.db)).root).toBe(difference.newRoot);
  });

  it('takes the source from the file name, and a first import of a source is all added', async () => {
    const response = await preview(csv(`${mainnetWallets.taproot},Holder Airdrop,1`), {}, 'round-2.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().difference).toMatchObject({ source: 'round-2.csv', liveRows: 0, added: 1, removed: 0, changed: 0, oldRoot: null });
    expect(await records()).toEqual([]);
  });

  it('refuses a malformed list with a 400 naming each bad line, as the command does, and changes nothing', async () => {
    await importLive();
    const before = await records();
    const response = await preview(
      csv(`${mainnetWallets.taproot},Holder Airdrop,1`, `${mainnetWallets.legacy},Holder Airdorp,2`, `,Holder Airdrop,3`, `${mainnetWallets.p2sh},Holder Airdrop,1.1234567`),
      { source: 'tge' },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('IMPORT_FILE_REJECTED');
    expect(body.badRows).toBe(3);
    expect(body.errors.map((error: { line: number }) => error.line)).toEqual([3, 4, 5]);
    expect(body.message).toContain('line 3: unknown category "Holder Airdorp"');
    expect(body.message).toContain('line 4: wallet_address is empty');
    expect(body.message).toMatch(/line 5: tokens "1.1234567" is not a non-negative amount/);

    const header = await preview('wallet,tokens\nx,1\n', { source: 'tge' });
    expect(header.statusCode).toBe(400);
    expect(header.json().errors[0].line).toBe(1);
    expect(await records()).toEqual(before);
  });

  it('refuses a body without the list, and a reserved source name', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports/preview', headers: { cookie }, payload: { file: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('NOT_MULTIPART');
    const demo = await preview(csv(`${mainnetWallets.taproot},Holder Airdrop,1`), { source: 'demo' });
    expect(demo.statusCode).toBe(400);
    expect(demo.json().message).toContain('kept for the demo data set');
  });
});

describe('the console preview says what the import would need or refuse, as the command does', () => {
  const launch = fixture('allocations-good.csv');

  it('answers needsReplace with the whole-list counts for a list that removes a wallet or lowers a total, and false for one that only grows', async () => {
    expect((await importAllocationsFile(ctx.handle.db, launch, { source: 'launch' })).ok).toBe(true);
    const before = await records();
    // The legacy wallet goes (its only record), the segwit wallet's whale bonus drops, the P2SH wallet stays.
    const shrinking = await preview(
      csv(`${mainnetWallets.segwitKey},Holder Airdrop,34123`, `${mainnetWallets.segwitKey},Whale Bonus #1,1`, `${mainnetWallets.p2sh},Staking Season 1,1234567.891011`),
      { source: 'launch' },
    );
    expect(shrinking.statusCode, shrinking.body).toBe(200);
    expect(shrinking.json()).toMatchObject({
      needsReplace: true,
      difference: { source: 'launch', removed: 1, changed: 1, wholeList: { removedWallets: 1, loweredWallets: 1 }, newRootAfterDemoRemove: false },
    });

    const growing = await preview(
      csv(
        `${mainnetWallets.segwitKey},Holder Airdrop,34123`,
        `${mainnetWallets.segwitKey},Whale Bonus #1,3753.53`,
        `${mainnetWallets.legacy},Holder Airdrop,1`,
        `${mainnetWallets.p2sh},Staking Season 1,1234567.891011`,
        `${mainnetWallets.taproot},Holder Airdrop,10`,
      ),
      { source: 'launch' },
    );
    expect(growing.statusCode, growing.body).toBe(200);
    expect(growing.json()).toMatchObject({ needsReplace: false, difference: { added: 1, changed: 1, wholeList: { removedWallets: 0, loweredWallets: 0 } } });
    expect(await records()).toEqual(before);
  });

  it('refuses a header-only list with 400 IMPORT_FILE_EMPTY, and a pair held under another source with 409 IMPORT_SOURCE_OVERLAP', async () => {
    expect((await importAllocationsFile(ctx.handle.db, launch, { source: 'launch' })).ok).toBe(true);
    const before = await records();

    const empty = await preview('wallet_address,category,tokens\n', { source: 'launch' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('IMPORT_FILE_EMPTY');
    expect(empty.json().message).toContain('no data rows');

    // The same list under another name (the source defaults to the file name).
    const renamed = await preview(fs.readFileSync(launch, 'utf8'), {}, 'launch-v2.csv');
    expect(renamed.statusCode).toBe(409);
    const body = renamed.json();
    expect(body.error).toBe('IMPORT_SOURCE_OVERLAP');
    expect(body.pairs).toBe(4);
    expect(body.examples).toContainEqual({ wallet: mainnetWallets.legacy, category: 'Holder Airdrop', source: 'launch' });
    expect(body.message).toContain('4 rows of launch-v2.csv name a (wallet, category) pair already held under another source');
    expect(await records()).toEqual(before);
  });
});
