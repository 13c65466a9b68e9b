import type { Kysely } from 'kysely';
import { hashLength, toHex } from '@shared/merkle';
import type { Database } from '../../platform/db/schema.js';
import { bucketCount, bucketFirsts, bucketSlice, joinLevels, splitUpperLevels } from '../../platform/lib/merkle-buckets.js';
import { findStoredTree, lockStoredTree, replaceStoredTree, storedTreeSummaryQuery } from './allocation-tree.repository.js';
import { readTableVersion } from './allocation-tree.js';

/** The root as GET /api/allocation/root serves it. */
export interface TreeSummary {
  root: string | null;
  leafCount: number;
  asOfBlock: number | null;
}

/**
 * What a server process holds of a stored tree to prove any leaf: each bucket's first leaf hash and the
 * levels from the bucket roots up (about 2 + 4 MB per million leaves). The buckets stay in the database.
 */
export interface HeldTree extends TreeSummary {
  /** The table version the tree was built from (readTableVersion). */
  version: string;
  bucketFirsts: Uint8Array;
  /** upperLevels[0][b]: the root of bucket b; the last level holds the root. */
  upperLevels: Uint8Array[];
  /** Every sorted leaf, only when this process built the tree and could not store it: buckets are read here then. */
  leaves?: Uint8Array;
}

/** A whole tree to store: the sorted leaf hashes and the levels from the bucket roots up (merkle-buckets.ts). */
export interface TreeToStore extends TreeSummary {
  version: string;
  leaves: Uint8Array;
  upperLevels: Uint8Array[];
}

/** Bytes as both drivers bind them, without a copy. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function heldPartOf(tree: TreeToStore): HeldTree {
  const { version, root, leafCount, asOfBlock, upperLevels } = tree;
  return { version, root, leafCount, asOfBlock, upperLevels, bucketFirsts: bucketFirsts(tree.leaves) };
}

/** Writes the tree in the caller's transaction, replacing the stored one. */
export async function writeTree(trx: Kysely<Database>, tree: TreeToStore, now: number): Promise<void> {
  if (tree.leaves.length !== tree.leafCount * hashLength) throw new Error('The tree to store does not hold its leaf count of leaves');
  await lockStoredTree(trx);
  await replaceStoredTree(
    trx,
    {
      version: tree.version,
      leafCount: tree.leafCount,
      root: tree.root,
      asOfBlock: tree.asOfBlock,
      bucketFirsts: asBuffer(bucketFirsts(tree.leaves)),
      upperLevels: asBuffer(joinLevels(tree.upperLevels)),
      builtAt: now,
    },
    bucketCount(tree.leafCount),
    (bucket) => asBuffer(bucketSlice(tree.leaves, bucket)),
  );
}

/**
 * Stores a tree a server built from the records, unless the records moved on since (then the next
 * reader builds and stores the newer one). Returns whether it stored it.
 */
export async function storeBuiltTree(db: Kysely<Database>, tree: TreeToStore, now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockStoredTree(trx);
    if ((await readTableVersion(trx)).version !== tree.version) return false;
    await writeTree(trx, tree, now);
    return true;
  });
}

/** The stored tree's in-memory part when it was built from this table version, else null. */
export async function loadHeldTree(db: Kysely<Database>, version: string): Promise<HeldTree | null> {
  const row = await findStoredTree(db, version);
  if (!row) return null;
  const leafCount = Number(row.leaf_count);
  // Copied out of the driver's buffer: the held tree outlives the query's result.
  const bucketFirsts = new Uint8Array(row.bucket_firsts);
  if (bucketFirsts.length !== bucketCount(leafCount) * hashLength) throw new Error('The stored tree has the wrong number of bucket first leaves');
  const upperLevels = splitUpperLevels(new Uint8Array(row.upper_levels), leafCount);
  const root = row.root;
  const top = upperLevels[upperLevels.length - 1];
  if ((root === null) !== (top === undefined) || (root !== null && toHex(top!) !== root)) throw new Error('The stored tree does not lead to its root');
  return { version, leafCount, root, asOfBlock: row.as_of_block === null ? null : Number(row.as_of_block), bucketFirsts, upperLevels };
}

/** The stored tree's root when it was built from this table version, else null. */
export async function loadTreeSummary(db: Kysely<Database>, version: string): Promise<TreeSummary | null> {
  const [row] = await storedTreeSummaryQuery.execute(db, version);
  if (!row) return null;
  return { root: row.root, leafCount: Number(row.leaf_count), asOfBlock: row.as_of_block === null ? null : Number(row.as_of_block) };
}
