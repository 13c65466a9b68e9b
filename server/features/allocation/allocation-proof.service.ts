import { type Kysely, PostgresAdapter } from 'kysely';
import {
  type AllocationProof,
  type AllocationProofLeaf,
  type AllocationRoot,
  emptyLookupMessage,
} from '@shared/schemas/allocation';
import { allocationLeafText, hashLeaf } from '@shared/merkle';
import { fromMicro } from '@shared/token-amount';
import { normalizeWallet } from '@shared/wallet';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { nodeSha256 } from '../../platform/lib/node-sha256.js';
import { findWalletLeafRows } from './allocation-leaves.repository.js';
import type { AllocationTreeCache } from './allocation-tree-cache.js';
import { proveLeaves, type ReadBuckets, StaleTreeError } from './allocation-tree-proof.js';
import { bucketQuery, bucketsQuery } from './allocation-tree.repository.js';
import type { HeldTree } from './allocation-tree-store.js';

export async function getAllocationRoot(trees: AllocationTreeCache): Promise<AllocationRoot> {
  return trees.summary();
}

type WalletRows = Awaited<ReturnType<typeof findWalletLeafRows>>;

/** Buckets by key: on SQLite a prepared probe each, answered at once; on PostgreSQL all in one statement. */
function bucketReader(db: Kysely<Database>): ReadBuckets {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return async (buckets) => new Map((await bucketsQuery.execute(db, buckets)).map((row) => [row.bucket, row.leaves]));
  }
  return async (buckets) => {
    const found = new Map<number, Uint8Array>();
    for (const bucket of buckets) {
      const leaves = (await bucketQuery.execute(db, bucket))[0]?.leaves;
      if (leaves) found.set(bucket, leaves);
    }
    return found;
  };
}

/** A proof per record, or null when a record is not in this tree (the records changed after it was built). */
async function proveRows(db: Kysely<Database>, tree: HeldTree, walletAddress: string, rows: WalletRows): Promise<AllocationProofLeaf[] | null> {
  const seen = new Map<string, number>();
  const ordered = [...rows].sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : Number(a.tokens_micro) - Number(b.tokens_micro)));
  const leaves = await Promise.all(
    ordered.map(async (row) => {
      const micro = BigInt(row.tokens_micro);
      const text = allocationLeafText(walletAddress, row.category, micro);
      // The same row imported twice is two equal leaves: each gets its own position.
      const occurrence = seen.get(text) ?? 0;
      seen.set(text, occurrence + 1);
      return { row, micro, text, occurrence, hash: await hashLeaf(nodeSha256, text) };
    }),
  );
  const proofs = await proveLeaves(tree, leaves, bucketReader(db), nodeSha256);
  if (proofs.some((proof) => proof === null)) return null;
  return leaves.map((leaf, i) => ({
    category: leaf.row.category,
    micro: leaf.micro.toString(),
    tokens: fromMicro(leaf.micro),
    leaf: leaf.text,
    proof: proofs[i]!,
  }));
}

function latestAsOfBlock(rows: WalletRows): number | null {
  let latest: number | null = null;
  for (const row of rows) if (row.as_of_block !== null) latest = Math.max(latest ?? 0, Number(row.as_of_block));
  return latest;
}

/** The wallet's leaves with their Merkle proofs and the root they lead to. */
export async function getAllocationProof(
  db: Kysely<Database>,
  trees: AllocationTreeCache,
  rawWallet: string,
): Promise<AllocationProof> {
  const walletAddress = normalizeWallet(rawWallet);
  if (walletAddress === '') throw badRequest('EMPTY_WALLET', emptyLookupMessage);

  // Another pass only when an import (or another process's stored tree) landed between reading the
  // tree and reading the wallet's rows or buckets.
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const tree = await trees.current();
    const rows = await findWalletLeafRows(db, walletAddress);
    if (rows.length === 0) throw notFound('ALLOCATION_NOT_FOUND', 'No allocation was found for this wallet.');
    let leaves: AllocationProofLeaf[] | null;
    try {
      leaves = await proveRows(db, tree, walletAddress, rows);
    } catch (error) {
      if (!(error instanceof StaleTreeError)) throw error;
      trees.forget(tree);
      continue;
    }
    if (leaves) {
      return { walletAddress, leaves, root: tree.root!, leafCount: tree.leafCount, asOfBlock: latestAsOfBlock(rows) };
    }
  }
  throw new Error('The allocation records changed while a proof was built');
}
