import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodeSha256 } from '../../server/platform/lib/node-sha256.js';
import {
  allocationLeafText,
  buildMerkleTree,
  fromHex,
  hashLeaf,
  hashLeaves,
  LeafMessageBytes,
  leafMessage,
  leafIndex,
  merkleProof,
  merkleRoot,
  type Sha256,
  sortHashes,
  toHex,
  treeRoot,
  verifyAllocationLeaf,
  verifyProof,
} from '../../shared/merkle.js';

const webCryptoSha256: Sha256 = async (data) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));

const fixture = [
  { wallet: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', category: 'Holder Airdrop', micro: 409_476_000_000n },
  { wallet: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', category: 'Whale Bonus #1', micro: 122_842_800_000n },
  { wallet: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', category: 'Staking Season 1', micro: 17_738_230_658n },
  { wallet: '3QBLDeV8qWgE61aGTCsB4ei1FGknyhri2T', category: 'Holder Airdrop', micro: 136_492_000_000n },
  { wallet: '14kz6hNic1qodqr8C2sMZ9T7kD1Gk7p8Fw', category: 'Holder Airdrop', micro: 34_123_000_000n },
  // The same (wallet, category, amount) from two sources: two leaves, both provable.
  { wallet: '14kz6hNic1qodqr8C2sMZ9T7kD1Gk7p8Fw', category: 'Public Sale', micro: 1n },
  { wallet: '14kz6hNic1qodqr8C2sMZ9T7kD1Gk7p8Fw', category: 'Public Sale', micro: 1n },
];
const texts = fixture.map((leaf) => allocationLeafText(leaf.wallet, leaf.category, leaf.micro));

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const sha = (...parts: Array<Uint8Array | string>) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

async function treeOf(leafTexts: readonly string[], hash: Sha256 = nodeSha256) {
  return buildMerkleTree(sortHashes(await hashLeaves(hash, leafTexts)), hash);
}

describe('allocation leaves', () => {
  it('are wallet|category|micro-tokens with the amount as a plain integer', () => {
    expect(allocationLeafText('bc1qxyz', 'Whale Bonus #1', 122_842_800_000n)).toBe('bc1qxyz|Whale Bonus #1|122842800000');
    expect(allocationLeafText('1abc', 'Public Sale', 1)).toBe('1abc|Public Sale|1');
    expect(() => allocationLeafText('1abc', 'Public Sale', 1.5)).toThrow(RangeError);
    expect(() => allocationLeafText('1abc', 'Public Sale', -1n)).toThrow(RangeError);
  });
});

describe('merkle root', () => {
  it('follows the documented encoding: leaf = sha256(0x00 || utf8), node = sha256(0x01 || min || max)', async () => {
    const [a, b, c] = ['w1|Holder Airdrop|5', 'w2|Public Sale|7', 'w3|Public Sale|9'].map((text) =>
      sha(Uint8Array.of(0), text),
    );
    const [x, y, z] = [a!, b!, c!].sort(Buffer.compare);
    const pair = (p: Buffer, q: Buffer) => sha(Uint8Array.of(1), ...[p, q].sort(Buffer.compare));
    // Three sorted leaves: the first two pair up, the third is promoted unchanged, then the two meet.
    const expected = pair(pair(x!, y!), z!).toString('hex');

    expect(await merkleRoot(nodeSha256, ['w3|Public Sale|9', 'w1|Holder Airdrop|5', 'w2|Public Sale|7'])).toBe(expected);
    expect(await merkleRoot(nodeSha256, ['w1|Holder Airdrop|5'])).toBe(a!.toString('hex'));
    expect(await merkleRoot(nodeSha256, [])).toBeNull();
  });

  it('does not depend on the order of the input rows', async () => {
    const root = await merkleRoot(nodeSha256, texts);
    for (const seed of [1, 2, 3, 42]) {
      expect(await merkleRoot(nodeSha256, shuffled(texts, seed))).toBe(root);
    }
  });

  it('is the same with node:crypto and Web Crypto', async () => {
    expect(await merkleRoot(webCryptoSha256, texts)).toBe(await merkleRoot(nodeSha256, texts));
  });

  it('changes when one amount changes', async () => {
    const changed = [...texts];
    changed[3] = allocationLeafText(fixture[3]!.wallet, fixture[3]!.category, fixture[3]!.micro + 1n);
    expect(await merkleRoot(nodeSha256, changed)).not.toBe(await merkleRoot(nodeSha256, texts));
  });
});

describe('merkle proofs', () => {
  it('verify for every leaf of trees of 1 to 17 leaves (odd levels included)', async () => {
    for (let size = 1; size <= 17; size += 1) {
      const leafTexts = Array.from({ length: size }, (_, i) => `wallet${i}|Holder Airdrop|${i * 1000}`);
      const tree = await treeOf(leafTexts);
      const root = treeRoot(tree)!;
      const leafHashes = await hashLeaves(nodeSha256, leafTexts);
      for (let i = 0; i < size; i += 1) {
        const index = leafIndex(tree, leafHashes.subarray(i * 32, i * 32 + 32));
        expect(index).toBeGreaterThanOrEqual(0);
        expect(await verifyProof(nodeSha256, await hashLeaf(nodeSha256, leafTexts[i]!), merkleProof(tree, index), root)).toBe(true);
      }
    }
  });

  it('verify for every leaf of the fixture, checked in the browser way (hex and Web Crypto)', async () => {
    const tree = await treeOf(texts);
    const rootHex = toHex(treeRoot(tree)!);
    for (const leaf of fixture) {
      const leafHash = await hashLeaf(nodeSha256, allocationLeafText(leaf.wallet, leaf.category, leaf.micro));
      const proof = merkleProof(tree, leafIndex(tree, leafHash)).map(toHex);
      expect(await verifyAllocationLeaf(webCryptoSha256, { ...leaf, micro: String(leaf.micro), proof }, rootHex)).toBe(true);
    }
  });

  it('fail once an amount is changed: the old proof does not lead to the new root, nor a changed leaf to the old one', async () => {
    const oldTree = await treeOf(texts);
    const oldRoot = toHex(treeRoot(oldTree)!);
    const target = fixture[0]!;
    const oldProof = merkleProof(oldTree, leafIndex(oldTree, await hashLeaf(nodeSha256, texts[0]!))).map(toHex);

    const changed = [...texts];
    changed[0] = allocationLeafText(target.wallet, target.category, target.micro + 1_000_000n);
    const newRoot = await merkleRoot(nodeSha256, changed);

    const original = { ...target, micro: String(target.micro), proof: oldProof };
    expect(await verifyAllocationLeaf(nodeSha256, original, oldRoot)).toBe(true);
    expect(await verifyAllocationLeaf(nodeSha256, original, newRoot!)).toBe(false);
    expect(await verifyAllocationLeaf(nodeSha256, { ...original, micro: String(target.micro + 1_000_000n) }, oldRoot)).toBe(false);
    expect(await verifyAllocationLeaf(nodeSha256, { ...original, category: 'Whale Bonus #2' }, oldRoot)).toBe(false);
  });

  it('reject malformed hex instead of verifying it', async () => {
    const leaf = { ...fixture[0]!, micro: String(fixture[0]!.micro) };
    const root = (await merkleRoot(nodeSha256, texts))!;
    expect(await verifyAllocationLeaf(nodeSha256, { ...leaf, proof: ['zz'] }, root)).toBe(false);
    expect(await verifyAllocationLeaf(nodeSha256, { ...leaf, proof: [] }, 'not-a-root')).toBe(false);
    expect(() => fromHex('abc')).toThrow(RangeError);
  });
});

describe('sortHashes', () => {
  it('orders 32-byte hashes bytewise, including ones that share a long prefix', () => {
    const hashes = [
      'ff'.repeat(32),
      `${'00'.repeat(8)}02${'00'.repeat(23)}`,
      '00'.repeat(32),
      `${'00'.repeat(8)}01${'ff'.repeat(23)}`,
      `${'7f'.repeat(31)}80`,
      `${'7f'.repeat(31)}7f`,
    ];
    const flat = new Uint8Array(hashes.flatMap((hex) => [...fromHex(hex)]));
    const sorted = sortHashes(flat);
    const out = Array.from({ length: hashes.length }, (_, i) => toHex(sorted.subarray(i * 32, i * 32 + 32)));
    expect(out).toEqual([...hashes].sort());
  });

  it('orders thousands of hashes like a plain sort, crowded buckets and repeated hashes included', () => {
    const random = (i: number) => createHash('sha256').update(`hash ${i}`).digest('hex');
    const hashes = [
      ...Array.from({ length: 5000 }, (_, i) => random(i)),
      // One bucket of 300, sharing the next four bytes too, so only the full comparison orders them.
      ...Array.from({ length: 300 }, (_, i) => `abcd12345678${random(i).slice(12)}`),
      ...Array.from({ length: 40 }, () => random(7)),
    ];
    const flat = new Uint8Array(hashes.flatMap((hex) => [...fromHex(hex)]));
    const sorted = sortHashes(flat);
    const out = Array.from({ length: hashes.length }, (_, i) => toHex(sorted.subarray(i * 32, i * 32 + 32)));
    expect(out).toEqual([...hashes].sort());
  });
});

describe('LeafMessageBytes', () => {
  it("writes each row's leaf message as its UTF-8, back to back, past its first capacity, with each wallet's byte length", () => {
    const categories = ['Holder Airdrop', '早期支持者'];
    const rows: [string, number, number][] = [
      ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 0, 474_981_050],
      ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 1, 0],
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 0, 999_999_999_999_999],
      // Unchecked addresses (--allow-unchecked-addresses) may hold any character.
      ['wallet-ü-😀', 1, 12],
    ];
    const leaves = new LeafMessageBytes(categories, 1);
    const walletLengths = rows.map(([wallet, category, micro]) => leaves.append(wallet, category, micro));
    const expected = Buffer.concat(rows.map(([wallet, category, micro]) => Buffer.from(leafMessage(allocationLeafText(wallet, categories[category]!, micro)))));
    expect(Buffer.from(leaves.bytes.subarray(0, leaves.length))).toEqual(expected);
    expect(walletLengths).toEqual(rows.map(([wallet]) => Buffer.byteLength(wallet)));
  });

  it('refuses an amount that is not a safe whole number of micro-tokens', () => {
    const leaves = new LeafMessageBytes(['Holder Airdrop'], 64);
    expect(() => leaves.append('bc1q', 0, 1.5)).toThrow(RangeError);
    expect(() => leaves.append('bc1q', 0, 2 ** 53)).toThrow(RangeError);
  });
});
