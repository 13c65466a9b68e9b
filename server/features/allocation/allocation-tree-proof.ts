import { hashLength, type MerkleTree, merkleProof, type Sha256, treeRoot } from '@shared/merkle';
import { bucketCount, bucketLeaves, bucketSlice, bucketTree, compareHash, countBelow, leavesInBucket } from '../../platform/lib/merkle-buckets.js';
import type { HeldTree } from './allocation-tree-store.js';

// Node's hex encoder: shared/merkle's portable toHex costs a string per byte, 2,000 a proof.
const toHex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

/** A bucket read from the database is not the held tree's: another process stored a newer tree meanwhile. */
export class StaleTreeError extends Error {
  constructor() {
    super('The stored Merkle tree changed while a proof was read from it');
    this.name = 'StaleTreeError';
  }
}

/** Reads some buckets of the stored tree by number (one query); a bucket not stored is absent. */
export type ReadBuckets = (buckets: number[]) => Promise<Map<number, Uint8Array>>;

/** A leaf to prove: its hash, and which of several equal leaves it is (they sit side by side). */
export interface LeafToProve {
  hash: Uint8Array;
  occurrence: number;
}

/**
 * The proof (hex siblings, leaf to root) of each leaf in the held tree, or null for a leaf it does not
 * hold. The bucket where each leaf's run of equal leaves starts comes from the held first leaves; the
 * buckets are read together (with the next one when it starts with the same leaf: the run may cross
 * into it), and rarely once more for a long run. Each bucket read is rebuilt (15 hashes) and must lead
 * to the held root of that bucket.
 */
export async function proveLeaves(tree: HeldTree, leaves: readonly LeafToProve[], readBuckets: ReadBuckets, hash: Sha256): Promise<(string[] | null)[]> {
  const { leafCount } = tree;
  if (leafCount === 0) return leaves.map(() => null);
  const buckets = bucketCount(leafCount);
  const trees = new Map<number, MerkleTree>();
  const upper: MerkleTree = { levels: tree.upperLevels };

  async function read(wanted: readonly number[]): Promise<void> {
    const missing = [...new Set(wanted)].filter((bucket) => bucket < buckets && !trees.has(bucket)).sort((a, b) => a - b);
    if (missing.length === 0) return;
    const held = tree.leaves;
    const found = held ? new Map(missing.map((bucket) => [bucket, bucketSlice(held, bucket)])) : await readBuckets(missing);
    for (const bucket of missing) {
      const bucketLeafHashes = found.get(bucket);
      if (bucketLeafHashes?.length !== leavesInBucket(leafCount, bucket) * hashLength) throw new StaleTreeError();
      const built = await bucketTree(bucketLeafHashes, hash);
      if (compareHash(treeRoot(built)!, 0, tree.upperLevels[0]!, bucket * hashLength) !== 0) throw new StaleTreeError();
      trees.set(bucket, built);
    }
  }

  const runStarts = leaves.map((leaf) => Math.max(0, countBelow(tree.bucketFirsts, leaf.hash) - 1));
  // The next bucket only when it starts with the leaf: a run of equal leaves may then cross into it.
  const startsWith = (bucket: number, hashOfLeaf: Uint8Array) =>
    bucket < buckets && compareHash(tree.bucketFirsts, bucket * hashLength, hashOfLeaf, 0) === 0;
  await read(runStarts.flatMap((bucket, i) => (startsWith(bucket + 1, leaves[i]!.hash) ? [bucket, bucket + 1] : [bucket])));
  const proofs: (string[] | null)[] = [];
  for (const [i, leaf] of leaves.entries()) {
    const start = runStarts[i]!;
    // Every bucket before `start` holds only smaller leaves, every bucket after it none.
    const index = start * bucketLeaves + countBelow(trees.get(start)!.levels[0]!, leaf.hash) + leaf.occurrence;
    if (index >= leafCount) {
      proofs.push(null);
      continue;
    }
    const bucket = Math.floor(index / bucketLeaves);
    await read([bucket]);
    const bucketTreeOfLeaf = trees.get(bucket)!;
    const position = index % bucketLeaves;
    if (compareHash(bucketTreeOfLeaf.levels[0]!, position * hashLength, leaf.hash, 0) !== 0) {
      proofs.push(null);
      continue;
    }
    proofs.push([...merkleProof(bucketTreeOfLeaf, position), ...merkleProof(upper, bucket)].map(toHex));
  }
  return proofs;
}
