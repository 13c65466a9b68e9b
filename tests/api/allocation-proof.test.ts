import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordAllocationSnapshot } from '../../server/features/allocation/allocation-snapshot.service.js';
import { computeAllocationRoot } from '../../server/features/allocation/allocation-tree.js';
import { nodeSha256 } from '../../server/platform/lib/node-sha256.js';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import { allocationLeafText, merkleRoot, verifyAllocationLeaf } from '../../shared/merkle.js';
import { toMicro } from '../../shared/token-amount.js';
import { buildDatabase, useTestApp } from '../helpers/build-app.js';
import { projectRoot } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';

const fixture = path.join(projectRoot, 'tests/fixtures/allocations-merkle.csv');
const [header, ...lines] = fs.readFileSync(fixture, 'utf8').trim().split('\n');
const rows = lines.map((line) => {
  const [wallet, category, tokens] = line.split(',') as [string, string, string];
  return { wallet, category, tokens };
});
const wallets = [...new Set(rows.map((row) => row.wallet))];
const legacyWallet = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

// Pinned: the same value on SQLite and PostgreSQL (scripts/with-postgres.sh) and in docs/verify-allocation.md.
const fixtureRoot = 'd172652b7f64fca071c321ed8c4442b76ec41392abad8ceca74c7cdc4404520c';

function writeCsv(dir: string, name: string, csvLines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${[header, ...csvLines].join('\n')}\n`);
  return file;
}

describe('the Merkle root over the allocation table', () => {
  it('is the pinned root of the fixture, whatever the import order, on this database', async () => {
    const expected = await merkleRoot(
      nodeSha256,
      rows.map((row) => allocationLeafText(row.wallet, row.category, toMicro(row.tokens))),
    );
    expect(expected).toBe(fixtureRoot);

    const roots: Array<string | null> = [];
    for (const order of [lines, [...lines].reverse(), [...lines.slice(4), ...lines.slice(0, 4)]]) {
      const database = await buildDatabase();
      const file = writeCsv(database.config.dataDir, 'allocations.csv', order);
      const imported = await importAllocationsFile(database.db, file);
      expect(imported.ok).toBe(true);
      roots.push((await computeAllocationRoot(database.db)).root);
    }
    expect(roots).toEqual([fixtureRoot, fixtureRoot, fixtureRoot]);
  });

  it('is none for an empty table', async () => {
    const database = await buildDatabase();
    expect(await computeAllocationRoot(database.db)).toEqual({ root: null, leafCount: 0, asOfBlock: null });
  });
});

describe('GET /api/allocation/root and /proof', () => {
  const ctx = useTestApp();
  beforeEach(async () => {
    const imported = await importAllocationsFile(ctx.handle.db, fixture, { source: 'snapshot-1' });
    expect(imported.ok).toBe(true);
    await recordAllocationSnapshot(ctx.handle.db, { source: 'snapshot-1', asOfBlock: 921_330 });
  });

  const getRoot = async () => (await ctx.app.inject({ method: 'GET', url: '/api/allocation/root' })).json();
  const getProof = (wallet: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/allocation/proof', query: { wallet } });

  it('serves the root with its leaf count and as-of block', async () => {
    expect(await getRoot()).toEqual({ root: fixtureRoot, leafCount: rows.length, asOfBlock: 921_330 });
  });

  it('proves every leaf of every wallet of the fixture against the separately served root', async () => {
    const { root } = await getRoot();
    for (const wallet of wallets) {
      const response = await getProof(wallet);
      expect(response.statusCode).toBe(200);
      const proof = response.json();
      expect(proof.walletAddress).toBe(wallet);
      expect(proof.root).toBe(root);
      expect(proof.asOfBlock).toBe(921_330);
      const expected = rows.filter((row) => row.wallet === wallet);
      expect(proof.leaves.map((leaf: { category: string; micro: string }) => [leaf.category, leaf.micro]).sort()).toEqual(
        expected.map((row) => [row.category, toMicro(row.tokens).toString()]).sort(),
      );
      for (const leaf of proof.leaves) {
        expect(leaf.leaf).toBe(allocationLeafText(wallet, leaf.category, leaf.micro));
        expect(await verifyAllocationLeaf(nodeSha256, { wallet, ...leaf }, root)).toBe(true);
      }
    }
  });

  it('normalises the wallet like the lookup does', async () => {
    const response = await getProof(`  ${mainnetWallets.taproot.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json().walletAddress).toBe(mainnetWallets.taproot);
    expect(response.json().leaves).toHaveLength(3);
  });

  it('answers 404 ALLOCATION_NOT_FOUND for a wallet without records and 400 EMPTY_WALLET for none', async () => {
    const unknown = await getProof('bc1qunknownwallet');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('ALLOCATION_NOT_FOUND');
    const empty = await getProof('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('EMPTY_WALLET');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/allocation/proof' });
    expect(missing.statusCode).toBe(400);
  });

  it('gives each of two equal records (one per source) its own proof', async () => {
    await seedAllocationRecords(ctx.handle.db, [{ wallet: legacyWallet, category: 'Public Sale', tokens: '7' }]);
    const { root, leafCount } = await getRoot();
    expect(leafCount).toBe(rows.length + 1);
    const proof = (await getProof(legacyWallet)).json();
    const sales = proof.leaves.filter((leaf: { category: string }) => leaf.category === 'Public Sale');
    expect(sales).toHaveLength(2);
    for (const leaf of proof.leaves) {
      expect(await verifyAllocationLeaf(nodeSha256, { wallet: legacyWallet, ...leaf }, root)).toBe(true);
    }
  });

  it('follows a re-import: a changed amount gives a new root, and the old proof fails against it', async () => {
    const before = await getRoot();
    const oldProof = (await getProof(mainnetWallets.p2sh)).json();

    const changed = lines.map((line) => line.replace('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy,Holder Airdrop,136492', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy,Holder Airdrop,136493'));
    expect(changed).not.toEqual(lines);
    const file = writeCsv(ctx.config.dataDir, 'corrected.csv', changed);
    // The list is public (no reveal schedule): a correction of its published root says so.
    const correction = { afterReveal: { reason: 'Holder Airdrop of 3J98… was 1 token short' } };
    expect((await importAllocationsFile(ctx.handle.db, file, { source: 'snapshot-1', ...correction })).ok).toBe(true);

    const after = await getRoot();
    expect(after.root).not.toBe(before.root);
    expect(after.leafCount).toBe(before.leafCount);
    for (const leaf of oldProof.leaves) {
      expect(await verifyAllocationLeaf(nodeSha256, { wallet: mainnetWallets.p2sh, ...leaf }, after.root)).toBe(false);
    }
    const newProof = (await getProof(mainnetWallets.p2sh)).json();
    expect(newProof.root).toBe(after.root);
    for (const leaf of newProof.leaves) {
      expect(await verifyAllocationLeaf(nodeSha256, { wallet: mainnetWallets.p2sh, ...leaf }, after.root)).toBe(true);
    }
  });

  it('tells the lookup which block the figures are as of, per wallet source', async () => {
    await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.segwitKey, category: 'Public Sale', tokens: '1' }]);
    const lookup = async (walletAddress: string) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress } })).json();
    expect((await lookup(mainnetWallets.taproot)).allocation.asOfBlock).toBe(921_330);
    // The seeded 'test' source has no snapshot; the wallet's import snapshot still names its block.
    expect((await lookup(mainnetWallets.segwitKey)).allocation.asOfBlock).toBe(921_330);

    await seedAllocationRecords(ctx.handle.db, [{ wallet: 'bc1qonlyseeded', category: 'Public Sale', tokens: '1' }]);
    expect((await lookup('bc1qonlyseeded')).allocation.asOfBlock).toBeNull();
    expect((await getProof('bc1qonlyseeded')).json().asOfBlock).toBeNull();
  });
});
