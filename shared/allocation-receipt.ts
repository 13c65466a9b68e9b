/**
 * A receipt: what `GET /api/allocation/proof` answered for one wallet, kept as a small JSON file, so a
 * holder can check later, with no server, that their records lead to the root (docs/verify-allocation.md).
 */
import { type Sha256, verifyAllocationLeaf } from './merkle.js';
import { type PayoutState, payoutStates } from './payout-states.js';
import type { AllocationProof } from './schemas/allocation.js';

export const receiptFormat = 'allocation-receipt';
export const receiptVersion = 1;

export interface AllocationReceipt {
  format: typeof receiptFormat;
  version: typeof receiptVersion;
  walletAddress: string;
  /** One per record: the hashed leaf's fields and the sibling hashes up to the root. */
  leaves: Array<{ category: string; micro: string; leaf: string; proof: string[] }>;
  root: string;
  leafCount: number;
  /** The snapshot's block height the figures are "as of"; null when unknown. */
  asOfBlock: number | null;
  /** When the receipt was made (ISO 8601). */
  createdAt: string;
  /**
   * The transfers recorded for the wallet's categories as the lookup showed them, once payouts began.
   * Not covered by the root: they say what was sent, not what was allocated. Receipts made before
   * payouts have none; the format stays version 1, so every reader of it still verifies the leaves.
   */
  payouts?: ReceiptPayout[];
}

/** A category's payout as a receipt keeps it. */
export interface ReceiptPayout {
  category: string;
  state: PayoutState;
  txid: string | null;
  blockHeight: number | null;
}

export function allocationReceipt(proof: AllocationProof, createdAt: Date, payouts?: readonly ReceiptPayout[]): AllocationReceipt {
  return {
    format: receiptFormat,
    version: receiptVersion,
    walletAddress: proof.walletAddress,
    leaves: proof.leaves.map(({ category, micro, leaf, proof: path }) => ({ category, micro, leaf, proof: path })),
    root: proof.root,
    leafCount: proof.leafCount,
    asOfBlock: proof.asOfBlock,
    createdAt: createdAt.toISOString(),
    ...(payouts ? { payouts: payouts.map(({ category, state, txid, blockHeight }) => ({ category, state, txid, blockHeight })) } : {}),
  };
}

/** The file name a receipt is saved under. */
export function receiptFileName(receipt: Pick<AllocationReceipt, 'walletAddress'>): string {
  return `allocation-receipt-${receipt.walletAddress.replace(/[^0-9A-Za-z]/g, '')}.json`;
}

export type ReceiptCheck =
  | {
      outcome: 'valid' | 'invalid';
      walletAddress: string;
      root: string;
      totalMicro: bigint;
      asOfBlock: number | null;
      /** Listed as the receipt carries them: the root does not cover them (none in a receipt made before payouts). */
      payouts: ReceiptPayout[];
    }
  | { outcome: 'unreadable' };

const isString = (value: unknown): value is string => typeof value === 'string';

/** The receipt's payouts that read as payouts; anything else in the field is left out (it is not what the root proves). */
function readPayouts(data: unknown): ReceiptPayout[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry: unknown) => {
    if (entry === null || typeof entry !== 'object') return [];
    const { category, state, txid, blockHeight } = entry as Record<string, unknown>;
    const known = (payoutStates as readonly unknown[]).includes(state);
    if (!isString(category) || !known || !(txid === null || isString(txid)) || !(blockHeight === null || Number.isInteger(blockHeight))) return [];
    return [{ category, state: state as PayoutState, txid: txid as string | null, blockHeight: blockHeight as number | null }];
  });
}

function readReceipt(data: unknown): AllocationReceipt | null {
  if (data === null || typeof data !== 'object') return null;
  const receipt = data as Partial<AllocationReceipt>;
  const leavesOk =
    Array.isArray(receipt.leaves) &&
    receipt.leaves.length > 0 &&
    receipt.leaves.every(
      (leaf) => leaf !== null && typeof leaf === 'object' && isString(leaf.category) && isString(leaf.micro) && Array.isArray(leaf.proof) && leaf.proof.every(isString),
    );
  const ok =
    receipt.format === receiptFormat &&
    receipt.version === receiptVersion &&
    isString(receipt.walletAddress) &&
    isString(receipt.root) &&
    leavesOk;
  return ok ? (receipt as AllocationReceipt) : null;
}

/**
 * Checks a receipt's text on its own: every leaf, rebuilt from the wallet, category and amount (never
 * from the stored leaf text), must lead to the receipt's root. Whether that root is the announced one is
 * for the holder to compare.
 */
export async function checkReceipt(hash: Sha256, text: string): Promise<ReceiptCheck> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { outcome: 'unreadable' };
  }
  const receipt = readReceipt(data);
  if (!receipt) return { outcome: 'unreadable' };
  const results = await Promise.all(
    receipt.leaves.map((leaf) =>
      verifyAllocationLeaf(hash, { wallet: receipt.walletAddress, category: leaf.category, micro: leaf.micro, proof: leaf.proof }, receipt.root),
    ),
  );
  const leafTextsAgree = receipt.leaves.every((leaf) => leaf.leaf === `${receipt.walletAddress}|${leaf.category}|${leaf.micro}`);
  const totalMicro = receipt.leaves.reduce((sum, leaf) => sum + (/^\d+$/.test(leaf.micro) ? BigInt(leaf.micro) : 0n), 0n);
  return {
    outcome: results.every(Boolean) && leafTextsAgree ? 'valid' : 'invalid',
    walletAddress: receipt.walletAddress,
    root: receipt.root,
    totalMicro,
    asOfBlock: typeof receipt.asOfBlock === 'number' ? receipt.asOfBlock : null,
    payouts: readPayouts(receipt.payouts),
  };
}
