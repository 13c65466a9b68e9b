import { describe, expect, it } from 'vitest';
import { buildMerkleTree, hashLength, merkleProof, sortHashes, toHex, treeRoot } from '../../shared/merkle.js';
import { proveLeaves } from '../../server/features/allocation/allocation-tree-proof.js';
import { bucketFirsts, bucketSlice, joinLevels, splitUpperLevels, upperLevels } from '../../server/platform/lib/merkle-buckets.js';
import { nodeSha256 } from '../../server/platform/lib/node-sha256.js';

/** `count` leaf hashes, sorted, where every `repeatEvery`-th hash repeats the one before it `repeats` times. */
function sortedLeaves(count: number, repeatEvery = 0, repeats = 0): Uint8Array {
  const hashes: Uint8Array[] = [];
  for (let i = 0; hashes.length < count; i += 1) {
    const hash = nodeSha256(new TextEncoder().encode(`leaf ${i}`));
    hashes.push(hash);
    if (repeatEvery > 0 && i % repeatEvery === 0) for (let r = 0; r < repeats && hashes.length < count; r += 1) hashes.push(hash);
  }
  return sortHashes(joinLevels(hashes));
}

/** Every leaf's proof from the bucketed form, against the whole tree's own proof of it. */
async function expectSameProofs(leaves: Uint8Array) {
  const tree = await buildMerkleTree(leaves, nodeSha256);
  const leafCount = leaves.length / hashLength;
  const root = treeRoot(tree);
  const held = {
    version: 'v',
    leafCount,
    root: root ? toHex(root) : null,
    asOfBlock: null,
    bucketFirsts: bucketFirsts(leaves),
    upperLevels: splitUpperLevels(joinLevels(upperLevels(tree)), leafCount),
  };
  let reads = 0;
  const readBuckets = async (buckets: number[]) => {
    reads += 1;
    return new Map(buckets.map((bucket) => [bucket, bucketSlice(leaves, bucket)]));
  };
  const wanted = [];
  for (let index = 0; index < leafCount; index += 1) {
    const hash = leaves.subarray(index * hashLength, (index + 1) * hashLength);
    let occurrence = 0;
    while (occurrence < index && toHex(leaves.subarray((index - occurrence - 1) * hashLength, (index - occurrence) * hashLength)) === toHex(hash)) occurrence += 1;
    wanted.push({ index, hash, occurrence });
  }
  const proofs = await proveLeaves(held, wanted, readBuckets, nodeSha256);
  expect(proofs).toEqual(wanted.map((leaf) => merkleProof(tree, leaf.index).map(toHex)));
  return reads;
}

describe('a proof from a bucket and the upper levels', () => {
  it('is the whole tree\'s proof for every leaf of every size from 1 to 70 leaves', async () => {
    for (let count = 1; count <= 70; count += 1) await expectSameProofs(sortedLeaves(count));
  });

  it('is the whole tree\'s proof for runs of equal leaves, across bucket ends too', async () => {
    for (const [count, every, repeats] of [[40, 3, 2], [53, 5, 4], [80, 7, 20], [33, 1, 1]] as const) {
      await expectSameProofs(sortedLeaves(count, every, repeats));
    }
  });

  it('reads every bucket it needs at once when no leaf repeats', async () => {
    expect(await expectSameProofs(sortedLeaves(1000))).toBe(1);
  });

  it('is null for a leaf the tree does not hold, and for one occurrence too many', async () => {
    const leaves = sortedLeaves(20);
    const tree = await buildMerkleTree(leaves, nodeSha256);
    const held = { version: 'v', leafCount: 20, root: toHex(treeRoot(tree)!), asOfBlock: null, bucketFirsts: bucketFirsts(leaves), upperLevels: upperLevels(tree) };
    const read = async (buckets: number[]) => new Map(buckets.map((bucket) => [bucket, bucketSlice(leaves, bucket)]));
    const absent = nodeSha256(new TextEncoder().encode('not a leaf'));
    const present = leaves.subarray(0, hashLength);
    expect(await proveLeaves(held, [{ hash: absent, occurrence: 0 }, { hash: present, occurrence: 1 }], read, nodeSha256)).toEqual([null, null]);
  });
});
