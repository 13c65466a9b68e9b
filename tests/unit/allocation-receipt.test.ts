import { describe, expect, it } from 'vitest';
import { nodeSha256 } from '../../server/platform/lib/node-sha256.js';
import { allocationReceipt, checkReceipt, type ReceiptPayout } from '../../shared/allocation-receipt.js';
import { allocationLeafText, buildMerkleTree, hashLeaf, hashLeaves, leafIndex, merkleProof, sortHashes, toHex, treeRoot } from '../../shared/merkle.js';
import type { AllocationProof } from '../../shared/schemas/allocation.js';

/** A receipt made before payouts and one made after both verify offline; the payouts are listed beside the proof, not under it. */

const wallet = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
const records = [
  { category: 'Holder Airdrop', micro: 409_476_000_000n },
  { category: 'Whale Bonus #1', micro: 122_842_800_000n },
];
const createdAt = new Date('2026-11-27T03:00:00Z');
const paid: ReceiptPayout[] = [
  { category: 'Holder Airdrop', state: 'confirmed', txid: 'a'.repeat(64), blockHeight: 900_001 },
  { category: 'Whale Bonus #1', state: 'not_sent', txid: null, blockHeight: null },
];

async function proof(): Promise<AllocationProof> {
  const texts = [...records.map((record) => allocationLeafText(wallet, record.category, record.micro)), allocationLeafText('1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'Public Sale', 1n)];
  const tree = await buildMerkleTree(sortHashes(await hashLeaves(nodeSha256, texts)), nodeSha256);
  const leaves = await Promise.all(
    records.map(async (record) => {
      const leaf = allocationLeafText(wallet, record.category, record.micro);
      const path = merkleProof(tree, leafIndex(tree, await hashLeaf(nodeSha256, leaf)));
      return { category: record.category, micro: String(record.micro), tokens: Number(record.micro) / 1e6, leaf, proof: path.map(toHex) };
    }),
  );
  return { walletAddress: wallet, leaves, root: toHex(treeRoot(tree)!), leafCount: texts.length, asOfBlock: 921_330 };
}

const check = (receipt: unknown) => checkReceipt(nodeSha256, JSON.stringify(receipt));

describe('allocation receipts with and without payouts', () => {
  it('verifies a receipt of the format before payouts, as before, listing no payouts', async () => {
    const receipt = allocationReceipt(await proof(), createdAt);
    expect(receipt).not.toHaveProperty('payouts');
    expect(await check(receipt)).toEqual({
      outcome: 'valid',
      walletAddress: wallet,
      root: receipt.root,
      totalMicro: 532_318_800_000n,
      asOfBlock: 921_330,
      payouts: [],
    });
  });

  it('verifies a receipt carrying payouts the same way, and lists them', async () => {
    const receipt = allocationReceipt(await proof(), createdAt, paid);
    expect(receipt.version).toBe(1);
    expect(receipt.payouts).toEqual(paid);
    expect(await check(receipt)).toMatchObject({ outcome: 'valid', payouts: paid });
  });

  it('lets no payout change what the root proves: edited payouts still verify, an edited amount does not', async () => {
    const receipt = allocationReceipt(await proof(), createdAt, paid);
    const editedPayout = { ...receipt, payouts: [{ ...paid[1]!, state: 'confirmed', txid: 'b'.repeat(64), blockHeight: 900_002 }] };
    expect(await check(editedPayout)).toMatchObject({ outcome: 'valid', payouts: [{ category: 'Whale Bonus #1', state: 'confirmed' }] });
    const editedAmount = { ...receipt, leaves: receipt.leaves.map((leaf, index) => (index === 0 ? { ...leaf, micro: '409476000001' } : leaf)) };
    expect(await check(editedAmount)).toMatchObject({ outcome: 'invalid', payouts: paid });
  });

  it('leaves out payout entries that do not read as payouts, and still checks the leaves', async () => {
    const receipt = { ...allocationReceipt(await proof(), createdAt), payouts: [{ category: 'Holder Airdrop', state: 'paid!', txid: null, blockHeight: null }, 'x', paid[0]] };
    expect(await check(receipt)).toMatchObject({ outcome: 'valid', payouts: [paid[0]] });
  });
});
