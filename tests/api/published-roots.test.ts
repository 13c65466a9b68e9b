import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as publishedRootsMigration from '../../migrations/2026_11_28_0900_record_published_roots.js';
import { loadDemoData } from '../../server/features/demo/load-demo-data.js';
import { publishRootAtReveal, RootChangeRefused } from '../../server/features/allocation/published-roots.service.js';
import { commandActor } from '../../server/features/audit/audit.service.js';
import { importAllocationsFile, type ImportOptions } from '../../server/features/imports/index.js';
import { revealAt, revealNow } from '../../server/features/launch/launch.service.js';
import { nodeSha256 } from '../../server/platform/lib/node-sha256.js';
import { allocationReceipt, checkReceipt } from '../../shared/allocation-receipt.js';
import type { PublishedRoots } from '../../shared/schemas/allocation-roots.js';
import { replacementText, rootStanding } from '../../shared/published-roots.js';
import { signedInAs } from '../helpers/admin-callers.js';
import { useTestApp } from '../helpers/build-app.js';
import { multipartBody } from '../helpers/multipart.js';
import { projectRoot } from '../helpers/run-cli.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** Issue part 1: a root is published once, and stays answerable. */

const run = promisify(execFile);
const wallet = mainnetWallets.segwitKey;
const csv = (...rows: string[]) => ['wallet_address,category,tokens', ...rows].join('\n') + '\n';
const first = csv(`${wallet},Holder Airdrop,100`, `${mainnetWallets.legacy},Public Sale,50`);
// A correction that only raises a figure: the list guard of --replace has nothing to say about it.
const corrected = csv(`${wallet},Holder Airdrop,120`, `${mainnetWallets.legacy},Public Sale,50`);
const reason = 'one Holder Airdrop was 20 tokens short';

const ctx = useTestApp({}, { clock: Date.UTC(2026, 11, 1, 12, 0, 0) });

async function importList(content: string, options: ImportOptions = {}) {
  const file = path.join(ctx.config.dataDir, 'allocations.csv');
  fs.writeFileSync(file, content);
  const result = await importAllocationsFile(ctx.handle.db, file, { source: 'tge', by: commandActor('alice'), ...options });
  if (!result.ok) throw new Error(`import refused: ${JSON.stringify(result)}`);
  return result;
}

async function roots() {
  // Past the endpoint's few seconds in memory.
  ctx.clock += 6_000;
  const response = await ctx.app.inject({ method: 'GET', url: '/api/allocation/roots' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=5');
  return (response.json() as PublishedRoots).roots;
}

const recordCount = async () => Number((await ctx.handle.db.selectFrom('allocation_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('publishing a root', () => {
  it('the first import with no reveal schedule publishes its root at once, and GET /api/allocation/roots lists it', async () => {
    expect(await roots()).toEqual([]);
    const imported = await importList(first);
    expect(imported.publication).toEqual({ kind: 'published', root: imported.merkle!.root, noSchedule: true });
    expect(await roots()).toEqual([
      expect.objectContaining({ root: imported.merkle!.root, leafCount: 2, replacedAt: null, replacedByRoot: null, replacedReason: null }),
    ]);
  });

  it('lists nothing while the list is hidden, and publishes the root the list holds when a server sees the reveal time pass', async () => {
    const at = new Date(ctx.clock + 3_600_000).toISOString();
    await revealAt(ctx.handle.db, { kind: 'time', at });
    const imported = await importList(first);
    expect(imported.publication).toEqual({ kind: 'hidden', schedule: { kind: 'time', at } });
    expect(await roots()).toEqual([]);

    ctx.clock = Date.parse(at) + 10_000;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().allocation.revealed).toBe(true);
    // The reveal is recorded beside the answer: the first process to see it writes it.
    let listed: Awaited<ReturnType<typeof roots>> = [];
    for (let attempt = 0; attempt < 50 && listed.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = await roots();
    }
    expect(listed).toEqual([expect.objectContaining({ root: imported.merkle!.root, replacedAt: null })]);
  });

  it('reveal-now publishes the root the list holds; a list of the demo set alone is never published', async () => {
    await loadDemoData(ctx.handle.db);
    await revealNow(ctx.handle.db, publishRootAtReveal);
    expect(await roots()).toEqual([]);

    await revealAt(ctx.handle.db, { kind: 'time', at: new Date(ctx.clock + 3_600_000).toISOString() });
    const imported = await importList(first, { keepDemo: true });
    expect(imported.publication).toMatchObject({ kind: 'hidden' });
    await revealNow(ctx.handle.db, publishRootAtReveal);
    expect(await roots()).toEqual([expect.objectContaining({ root: imported.merkle!.root, replacedAt: null })]);
  });
});

describe('a change of a published root', () => {
  it('is refused without --after-reveal --reason, changing nothing; with them the roots list holds both roots and the audit entry both', async () => {
    const published = (await importList(first)).merkle!.root!;
    const refused = importList(corrected);
    await expect(refused).rejects.toBeInstanceOf(RootChangeRefused);
    await expect(refused).rejects.toThrow(`the allocation list is public with the root ${published}`);
    await expect(refused).rejects.toThrow('--after-reveal --reason');
    expect(await recordCount()).toBe(2);
    const tokens = await ctx.handle.db.selectFrom('allocation_records').select('tokens_micro').where('wallet_address', '=', wallet).executeTakeFirstOrThrow();
    expect(Number(tokens.tokens_micro)).toBe(100_000_000);

    const accepted = await importList(corrected, { afterReveal: { reason } });
    const correction = accepted.merkle!.root!;
    expect(correction).not.toBe(published);
    expect(accepted.publication).toMatchObject({ kind: 'corrected', root: correction, replaced: { root: published }, reason });
    expect(await roots()).toEqual([
      expect.objectContaining({ root: correction, replacedAt: null }),
      expect.objectContaining({ root: published, replacedAt: expect.any(String), replacedByRoot: correction, replacedReason: reason }),
    ]);
    const entries = await ctx.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'import.allocations').orderBy('id').execute();
    expect(entries).toHaveLength(2);
    expect(entries[1]!.reason).toBe(reason);
    expect(JSON.parse(entries[1]!.before!)).toMatchObject({ root: published });
    expect(JSON.parse(entries[1]!.after!)).toMatchObject({ root: correction });

    // The same list again leaves the root as it is: no flag needed.
    expect((await importList(corrected)).publication).toEqual({ kind: 'unchanged', root: correction });
  });

  it('stays refused after the list is hidden again with reveal-at: a reveal ahead does not un-publish', async () => {
    await importList(first);
    await revealAt(ctx.handle.db, { kind: 'time', at: new Date(ctx.clock + 86_400_000).toISOString() });
    await expect(importList(corrected)).rejects.toBeInstanceOf(RootChangeRefused);
    expect((await importList(corrected, { afterReveal: { reason } })).publication).toMatchObject({ kind: 'corrected' });
  });
});

describe('a receipt of a root a correction replaced', () => {
  const documentedScript = (dir: string) => {
    const doc = fs.readFileSync(path.join(projectRoot, 'docs/verify-allocation.md'), 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf('## Node')))![1]!;
    const file = path.join(dir, 'verify-allocation.mjs');
    fs.writeFileSync(file, code);
    return file;
  };
  async function script(...args: string[]) {
    try {
      return { code: 0, stdout: (await run(process.execPath, args)).stdout };
    } catch (error) {
      return { code: (error as { code: number }).code, stdout: (error as { stdout: string }).stdout };
    }
  }

  it('verifies against its own root with the replacement named, on the page and with the documented script', async () => {
    const published = (await importList(first)).merkle!.root!;
    const proof = await ctx.app.inject({ method: 'GET', url: `/api/allocation/proof?wallet=${wallet}` });
    const receipt = allocationReceipt(proof.json(), new Date(ctx.clock));
    const correction = (await importList(corrected, { afterReveal: { reason } })).merkle!.root!;

    // The page: the receipt verifies on its own, then the published roots say where its root stands.
    expect(await checkReceipt(nodeSha256, JSON.stringify(receipt))).toMatchObject({ outcome: 'valid', root: published });
    const standing = rootStanding(receipt.root, await roots());
    expect(standing).toMatchObject({ kind: 'replaced', entry: { replacedByRoot: correction, replacedReason: reason } });
    const day = new Date().toISOString().slice(0, 10);
    expect(standing.kind === 'replaced' && replacementText(standing.entry)).toBe(`replaced on ${day} by ${correction}: ${reason}`);
    expect(rootStanding(correction, await roots()).kind).toBe('current');
    expect(rootStanding('0'.repeat(64), await roots()).kind).toBe('unpublished');

    // The script of docs/verify-allocation.md, against the site.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const site = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const file = documentedScript(ctx.config.dataDir);
    const saved = path.join(ctx.config.dataDir, 'allocation-receipt.json');
    fs.writeFileSync(saved, JSON.stringify(receipt));
    ctx.clock += 6_000;
    const ofReceipt = await script(file, saved, site);
    expect(ofReceipt.code, ofReceipt.stdout).toBe(0);
    expect(ofReceipt.stdout).toContain(`Holder Airdrop 100000000 matches ${published}`);
    expect(ofReceipt.stdout).toContain(`${published} replaced on ${day} by ${correction}: ${reason}`);

    // A proof held to the root announced before the correction: it leads to the new root, and says why.
    const ofProof = await script(file, site, wallet, published);
    expect(ofProof.code, ofProof.stdout).toBe(0);
    expect(ofProof.stdout).toContain(`Holder Airdrop 120000000 matches ${correction}`);
    expect(ofProof.stdout).toContain(`${published} replaced on ${day} by ${correction}: ${reason}`);

    // A root the site never published fails, even when the records lead to it.
    fs.writeFileSync(saved, JSON.stringify({ ...receipt, root: '0'.repeat(64) }));
    expect((await script(file, saved, site)).code).toBe(1);
  });
});

describe("the console's import preview", () => {
  it('says whether the import would need --after-reveal, and which root it would replace', async () => {
    const { cookie } = await signedInAs(ctx, 'admin');
    const preview = async (content: string) => {
      const { payload, headers } = multipartBody([
        { name: 'source', value: 'tge' },
        { name: 'file', value: content, filename: 'allocations.csv', type: 'text/csv' },
      ]);
      const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports/preview', headers: { ...headers, cookie }, payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().afterReveal;
    };

    expect(await preview(first)).toEqual({ needed: false, publishedRoot: null, publishedAt: null, publishesAtOnce: true });
    const published = (await importList(first)).merkle!.root!;
    const publishedAt = new Date(Number((await ctx.handle.db.selectFrom('published_roots').select('published_at').executeTakeFirstOrThrow()).published_at)).toISOString();
    expect(await preview(corrected)).toEqual({ needed: true, publishedRoot: published, publishedAt, publishesAtOnce: true });
    expect(await preview(first)).toEqual({ needed: false, publishedRoot: published, publishedAt, publishesAtOnce: false });
  });
});

describe('the migration that records published roots', () => {
  const root = (n: number) => String(n).repeat(64);
  const day = Date.UTC(2026, 10, 20);

  async function migrateAgainWith(entries: Array<{ at: number; action: string; target?: string; reason?: string; before?: unknown; after?: unknown }>) {
    const db = ctx.handle.db;
    for (const entry of entries) {
      await db
        .insertInto('audit_log')
        .values({
          at: entry.at,
          actor: 'cli:alice',
          actor_role: null,
          action: entry.action,
          target: entry.target ?? null,
          reason: entry.reason ?? null,
          before: entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === undefined ? null : JSON.stringify(entry.after),
        })
        .execute();
    }
    await publishedRootsMigration.down(db);
    await publishedRootsMigration.up(db);
    return db.selectFrom('published_roots').selectAll().orderBy('id').execute();
  }

  it('backfills from past imports: a root imported while hidden is published at the reveal, a later import replaces it', async () => {
    const reveal = day + 3_600_000;
    const hidden = { revealSchedule: null, revealedAt: null, pause: null, notice: null };
    const scheduled = { ...hidden, revealSchedule: { kind: 'time', at: new Date(reveal).toISOString() } };
    const rows = await migrateAgainWith([
      { at: day, action: 'launch.reveal-at', before: hidden, after: scheduled },
      { at: day + 1_000, action: 'import.allocations', target: 'tge', before: null, after: { root: root(1), leafCount: 9, rows: 9, file: 'a.csv' } },
      { at: day + 2_000, action: 'import.allocations', target: 'tge', before: { root: root(1) }, after: { root: root(2), leafCount: 9, rows: 9, file: 'b.csv' } },
      { at: reveal + 5_000, action: 'import.allocations', target: 'tge', before: { root: root(2) }, after: { root: root(3), leafCount: 10, rows: 10, file: 'c.csv' } },
    ]);
    expect(rows.map((row) => ({ ...row, id: undefined }))).toEqual([
      {
        id: undefined,
        root: root(2),
        leaf_count: 9,
        published_at: reveal,
        as_of_block: null,
        replaced_at: reveal + 5_000,
        replaced_by_root: root(3),
        replaced_reason: 'import of source "tge" (c.csv), recorded before a reason was asked',
      },
      { id: undefined, root: root(3), leaf_count: 10, published_at: reveal + 5_000, as_of_block: null, replaced_at: null, replaced_by_root: null, replaced_reason: null },
    ]);
  });

  it('backfills with no reveal schedule: the first import published its root, and records nothing without imports', async () => {
    expect(await migrateAgainWith([])).toEqual([]);
    const rows = await migrateAgainWith([
      { at: day, action: 'import.allocations', target: 'tge', before: null, after: { root: root(4), leafCount: 3, rows: 3, file: 'a.csv' } },
    ]);
    expect(rows).toEqual([expect.objectContaining({ root: root(4), published_at: day, replaced_at: null })]);
  });
});
