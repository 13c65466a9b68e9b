import { buildMerkleTree, hashLength, type MerkleTree, type Sha256, treeRoot } from '@shared/merkle';

/**
 * The Merkle tree (shared/merkle.ts) cut where its stored form cuts it: the sorted leaves in aligned
 * buckets of 16, and the levels from the buckets' roots up. A bucket's own 16-leaf tree, built by the
 * same rules, holds exactly the whole tree's nodes of levels 0–3 over those leaves (the last, partial
 * bucket too: a node without a sibling is promoted in both), so a proof is its bucket's steps followed
 * by the upper levels' steps.
 */
export const bucketLeaves = 16;
const bucketLevel = 4;

export function bucketCount(leafCount: number): number {
  return Math.ceil(leafCount / bucketLeaves);
}

/** How many leaves bucket `bucket` of a tree of `leafCount` leaves holds. */
export function leavesInBucket(leafCount: number, bucket: number): number {
  return Math.max(0, Math.min(bucketLeaves, leafCount - bucket * bucketLeaves));
}

/**
 * The bucket roots' level and every level above it. A tree of at most 8 leaves has fewer levels than a
 * bucket: its one bucket's root is the tree's root.
 */
export function upperLevels(tree: MerkleTree): Uint8Array[] {
  if (tree.levels.length > bucketLevel) return tree.levels.slice(bucketLevel);
  const root = treeRoot(tree);
  return root ? [root] : [];
}

/** The sizes (in hashes) of the upper levels of a tree with this many buckets. */
function upperLevelSizes(buckets: number): number[] {
  const sizes: number[] = [];
  for (let size = buckets; size > 0; size = size === 1 ? 0 : Math.ceil(size / 2)) sizes.push(size);
  return sizes;
}

/** The upper levels back to back, as stored. */
export function joinLevels(levels: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(levels.reduce((sum, level) => sum + level.length, 0));
  let offset = 0;
  for (const level of levels) {
    joined.set(level, offset);
    offset += level.length;
  }
  return joined;
}

/** The stored upper levels of a tree with this many leaves, split again; throws when the sizes disagree. */
export function splitUpperLevels(joined: Uint8Array, leafCount: number): Uint8Array[] {
  const levels: Uint8Array[] = [];
  let offset = 0;
  for (const size of upperLevelSizes(bucketCount(leafCount))) {
    levels.push(joined.subarray(offset, offset + size * hashLength));
    offset += size * hashLength;
  }
  if (offset !== joined.length) throw new Error(`Stored upper levels of ${joined.length} bytes do not fit a tree of ${leafCount} leaves`);
  return levels;
}

/** The first leaf hash of each bucket, back to back. */
export function bucketFirsts(sortedLeaves: Uint8Array): Uint8Array {
  const buckets = bucketCount(sortedLeaves.length / hashLength);
  const firsts = new Uint8Array(buckets * hashLength);
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const start = bucket * bucketLeaves * hashLength;
    firsts.set(sortedLeaves.subarray(start, start + hashLength), bucket * hashLength);
  }
  return firsts;
}

/** The leaves of one bucket (a view of the sorted leaves). */
export function bucketSlice(sortedLeaves: Uint8Array, bucket: number): Uint8Array {
  const start = bucket * bucketLeaves * hashLength;
  return sortedLeaves.subarray(start, Math.min(start + bucketLeaves * hashLength, sortedLeaves.length));
}

export function compareHash(a: Uint8Array, aStart: number, b: Uint8Array, bStart: number): number {
  for (let i = 0; i < hashLength; i += 1) {
    const diff = a[aStart + i]! - b[bStart + i]!;
    if (diff !== 0) return diff;
  }
  return 0;
}

/** How many of the hashes (back to back, sorted) are below `hash`: a binary search. */
export function countBelow(sortedHashes: Uint8Array, hash: Uint8Array): number {
  let low = 0;
  let high = sortedHashes.length / hashLength;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareHash(sortedHashes, mid * hashLength, hash, 0) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A bucket's own tree: 15 hashes for a full one. */
export async function bucketTree(leaves: Uint8Array, hash: Sha256): Promise<MerkleTree> {
  return buildMerkleTree(leaves, hash);
}
