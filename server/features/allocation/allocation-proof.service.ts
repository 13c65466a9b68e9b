import type { Kysely } from 'kysely';
import {
  type AllocationProof,
  type AllocationProofLeaf,
  type AllocationRoot,
  emptyLookupMessage,
} from '@shared/schemas/allocation';
import { allocationLeafText, hashLeaf, leafCount, leafIndex, type MerkleTree, merkleProof, toHex, treeRoot } from '@shared/merkle';
import { fromMicro } from '@shared/token-amount';
import { normalizeWallet } from '@shared/wallet';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import { findWalletLeafRows } from './allocation-leaves.repository.js';
import { findWalletAsOfBlock } from './allocation-snapshots.repository.js';
import type { AllocationTreeCache } from './allocation-tree-cache.js';
import { nodeSha256 } from '../../lib/node-sha256.js';

export async function getAllocationRoot(trees: AllocationTreeCache): Promise<AllocationRoot> {
  const { tree, asOfBlock } = await trees.current();
  const root = treeRoot(tree);
  return { root: root ? toHex(root) : null, leafCount: leafCount(tree), asOfBlock };
}

type WalletRows = Awaited<ReturnType<typeof findWalletLeafRows>>;

/** A proof per record, or null when a record is not in this tree (the records changed after it was built). */
async function proveRows(tree: MerkleTree, walletAddress: string, rows: WalletRows): Promise<AllocationProofLeaf[] | null> {
  const seen = new Map<string, number>();
  const leaves: AllocationProofLeaf[] = [];
  for (const row of rows) {
    const micro = BigInt(row.tokens_micro);
    const leaf = allocationLeafText(walletAddress, row.category, micro);
    // The same row imported twice is two equal leaves: each gets its own position.
    const occurrence = seen.get(leaf) ?? 0;
    seen.set(leaf, occurrence + 1);
    const index = leafIndex(tree, await hashLeaf(nodeSha256, leaf), occurrence);
    if (index < 0) return null;
    leaves.push({
      category: row.category,
      micro: micro.toString(),
      tokens: fromMicro(micro),
      leaf,
      proof: merkleProof(tree, index).map(toHex),
    });
  }
  return leaves;
}

/** The wallet's leaves with their Merkle proofs and the root they lead to. */
export async function getAllocationProof(
  db: Kysely<Database>,
  trees: AllocationTreeCache,
  rawWallet: string,
): Promise<AllocationProof> {
  const walletAddress = normalizeWallet(rawWallet);
  if (walletAddress === '') throw badRequest('EMPTY_WALLET', emptyLookupMessage);

  // A second pass only when an import landed between reading the tree and reading the wallet's rows.
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const { tree } = await trees.current();
    const rows = await findWalletLeafRows(db, walletAddress);
    if (rows.length === 0) throw notFound('ALLOCATION_NOT_FOUND', 'No allocation was found for this wallet.');
    const leaves = await proveRows(tree, walletAddress, rows);
    if (leaves) {
      return {
        walletAddress,
        leaves,
        root: toHex(treeRoot(tree)!),
        leafCount: leafCount(tree),
        asOfBlock: await findWalletAsOfBlock(db, walletAddress),
      };
    }
  }
  throw new Error('The allocation records changed while a proof was built');
}
