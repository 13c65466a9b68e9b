import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allocationTreeBuilds } from '../../server/features/allocation/allocation-tree.js';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import { nodeSha256 } from '../../server/platform/lib/node-sha256.js';
import { knownAllocationCategories } from '../../shared/allocation-categories.js';
import { allocationLeafText, hashLeaf, merkleRoot, toHex, verifyAllocationLeaf } from '../../shared/merkle.js';
import { toMicro } from '../../shared/token-amount.js';
import { buildSecondApp, useTestDatabase } from '../helpers/build-app.js';
import { runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { numberedWallet } from '../helpers/wallets.js';

interface Row {
  wallet: string;
  category: string;
  tokens: string;
}

const wallet = numberedWallet;

/** `count` rows over wallets of 1 to 5 categories each. */
function listOf(count: number): Row[] {
  const rows: Row[] = [];
  for (let w = 0; rows.length < count; w += 1) {
    for (let c = 0; c < (w % 5) + 1 && rows.length < count; c += 1) {
      rows.push({ wallet: wallet(w), category: knownAllocationCategories[c]!, tokens: `${w + 1}.${c + 1}` });
    }
  }
  return rows;
}

const leafText = (row: Row) => allocationLeafText(row.wallet, row.category, toMicro(row.tokens));

const database = useTestDatabase();

function writeCsv(name: string, rows: readonly Row[]): string {
  const file = path.join(database.config.dataDir, name);
  fs.writeFileSync(file, `wallet_address,category,tokens\n${rows.map((row) => `${row.wallet},${row.category},${row.tokens}`).join('\n')}\n`);
  return file;
}

async function importRows(rows: readonly Row[], source: string): Promise<string | null> {
  // The list is public (no reveal schedule): each import after the first changes a published root, on purpose.
  const afterReveal = { reason: `import of ${source}` };
  const result = await importAllocationsFile(database.db, writeCsv(`${source}.csv`, rows), { source, allowUncheckedAddresses: true, afterReveal });
  if (!result.ok) throw new Error(`import refused: ${JSON.stringify(result)}`);
  return result.merkle!.root;
}

/** A server process started on the database as it stands. */
async function freshServer() {
  const { app, close } = await buildSecondApp(database);
  return {
    root: async () => (await app.inject({ method: 'GET', url: '/api/allocation/root' })).json(),
    proof: async (address: string) => {
      const response = await app.inject({ method: 'GET', url: '/api/allocation/proof', query: { wallet: address } });
      expect(response.statusCode).toBe(200);
      return response.json();
    },
    close,
  };
}

/** Every leaf of every wallet of `rows`, proven by the server and checked against `root`. */
async function expectEveryProofToVerify(server: Awaited<ReturnType<typeof freshServer>>, rows: readonly Row[], root: string) {
  for (const address of new Set(rows.map((row) => row.wallet))) {
    const proof = await server.proof(address);
    expect(proof.root).toBe(root);
    const expected = rows.filter((row) => row.wallet === address).map(leafText);
    expect(proof.leaves.map((leaf: { leaf: string }) => leaf.leaf).sort()).toEqual(expected.sort());
    for (const leaf of proof.leaves) expect(await verifyAllocationLeaf(nodeSha256, { wallet: address, ...leaf }, root)).toBe(true);
  }
}

describe('a server proves allocations from the tree the import stored', () => {
  it.each([1, 2, 15, 16, 17, 40])('a list of %i leaves: the first proof reads the stored tree, and every proof verifies', async (count) => {
    const rows = listOf(count);
    const importedRoot = await importRows(rows, 'list');
    expect(importedRoot).toBe(await merkleRoot(nodeSha256, rows.map(leafText)));

    const builds = allocationTreeBuilds();
    const server = await freshServer();
    try {
      // The proof first: nothing may have read the tree before it.
      await expectEveryProofToVerify(server, rows, importedRoot!);
      expect(await server.root()).toEqual({ root: importedRoot, leafCount: count, asOfBlock: null });
    } finally {
      await server.close();
    }
    expect(allocationTreeBuilds()).toBe(builds);
  });

  it('after npm run import:allocations, a fresh server answers from the stored tree', async () => {
    const rows = listOf(33);
    const imported = await runCli('import:allocations', [writeCsv('cli.csv', rows), '--source', 'cli', '--allow-unchecked-addresses'], database.config);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const root = await merkleRoot(nodeSha256, rows.map(leafText));

    const builds = allocationTreeBuilds();
    const server = await freshServer();
    try {
      await expectEveryProofToVerify(server, rows, root!);
    } finally {
      await server.close();
    }
    expect(allocationTreeBuilds()).toBe(builds);
  });

  it('proves each of three equal leaves that straddle a bucket boundary, and the last partial bucket', async () => {
    // Rows ordered by their leaf hash: the 16th is held three times, so its copies sit at leaves 15, 16
    // and 17, across the first bucket's end; 28 leaves leave a last bucket of 12. No import writes a pair
    // another source holds (it would count twice), so the two copies are records a database kept from
    // before that rule: the first server builds and stores the tree, and a fresh one proves from it.
    const pool = listOf(60);
    const hashes = new Map(await Promise.all(pool.map(async (row) => [row, toHex(await hashLeaf(nodeSha256, leafText(row)))] as const)));
    const sorted = [...pool].sort((a, b) => hashes.get(a)!.localeCompare(hashes.get(b)!));
    const rows = sorted.slice(0, 26);
    const repeated = rows[15]!;
    await importRows(rows, 'main');
    await seedAllocationRecords(database.db, [repeated, repeated]);
    const all = [...rows, repeated, repeated];
    const root = await merkleRoot(nodeSha256, all.map(leafText));
    const first = await freshServer();
    try {
      expect(await first.root()).toMatchObject({ root, leafCount: 28 });
    } finally {
      await first.close();
    }

    const builds = allocationTreeBuilds();
    const server = await freshServer();
    try {
      await expectEveryProofToVerify(server, all, root!);
      const proof = await server.proof(repeated.wallet);
      const copies = proof.leaves.filter((leaf: { leaf: string }) => leaf.leaf === leafText(repeated));
      expect(copies).toHaveLength(3);
      // Leaf 15's first sibling is leaf 14; leaves 16 and 17 (the next bucket) are each other's.
      expect(copies.map((leaf: { proof: string[] }) => leaf.proof[0])).toEqual([hashes.get(rows[14]!), hashes.get(repeated), hashes.get(repeated)]);
      expect((await server.root()).leafCount).toBe(28);
    } finally {
      await server.close();
    }
    expect(allocationTreeBuilds()).toBe(builds);
  });
});

describe('records changed outside an import', () => {
  it('are proven against the new root: the first server builds and stores the tree, the next reads it', async () => {
    const rows = listOf(20);
    const importedRoot = await importRows(rows, 'list');
    const seeded = [{ wallet: rows[0]!.wallet, category: 'Public Sale', tokens: '3' }, { wallet: wallet(999), category: 'Social Mining', tokens: '1' }];
    await seedAllocationRecords(database.db, seeded);
    const all = [...rows, ...seeded];
    const root = await merkleRoot(nodeSha256, all.map(leafText));
    expect(root).not.toBe(importedRoot);

    const builds = allocationTreeBuilds();
    const first = await freshServer();
    try {
      await expectEveryProofToVerify(first, all, root!);
      expect((await first.root()).root).toBe(root);
    } finally {
      await first.close();
    }
    expect(allocationTreeBuilds()).toBe(builds + 1);

    const next = await freshServer();
    try {
      await expectEveryProofToVerify(next, all, root!);
    } finally {
      await next.close();
    }
    expect(allocationTreeBuilds()).toBe(builds + 1);
  }, 60_000);

  it('follows rows deleted and inserted while the server runs', async () => {
    const rows = listOf(18);
    await importRows(rows, 'list');
    const server = await freshServer();
    try {
      await expectEveryProofToVerify(server, rows, (await server.root()).root);
      const added = { wallet: wallet(500), category: 'Holder Airdrop', tokens: '9' };
      await seedAllocationRecords(database.db, [added]);
      const grown = [...rows, added];
      expect((await server.root()).root).toBe(await merkleRoot(nodeSha256, grown.map(leafText)));
      await expectEveryProofToVerify(server, grown, (await server.root()).root);

      // The oldest rows go, as `npm run demo:remove` drops the demo set: the wallet holding the lowest id.
      const oldest = await database.db.selectFrom('allocation_records').select('wallet_address').orderBy('id').limit(1).executeTakeFirstOrThrow();
      await database.db.deleteFrom('allocation_records').where('wallet_address', '=', oldest.wallet_address).execute();
      const shrunk = grown.filter((row) => row.wallet !== oldest.wallet_address);
      expect(shrunk.length).toBeLessThan(grown.length);
      const root = await merkleRoot(nodeSha256, shrunk.map(leafText));
      expect((await server.root()).root).toBe(root);
      await expectEveryProofToVerify(server, shrunk, root!);
    } finally {
      await server.close();
    }
  }, 60_000);
});
