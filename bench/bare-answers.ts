import { fromMicro, mulDivRound } from '@shared/token-amount';

/** A category's payout columns, as the product's lookup statement reads them. */
export interface PayoutColumns {
  payout_state: string;
  payout_txid: string | null;
  payout_block: number | null;
  payout_checked_at: number | null;
}

/** A category's `payout` as the product answers it, confirmations counted from `tipHeight`. */
export function payoutAnswer(row: PayoutColumns, tipHeight: number) {
  return {
    state: row.payout_state,
    txid: row.payout_txid,
    blockHeight: row.payout_block,
    confirmations: row.payout_block === null ? null : Math.max(1, tipHeight - row.payout_block + 1),
    checkedAt: row.payout_checked_at === null ? null : new Date(row.payout_checked_at).toISOString(),
  };
}

/** A category of a wallet, as the product's lookup statement sums it. */
export interface CategoryColumns extends PayoutColumns {
  category: string;
  micro: number;
  records: number;
}

/** A found wallet's `allocation` as the product answers it; sorts `rows` (largest first) in place. */
export function foundAllocationAnswer(
  walletAddress: string,
  rows: CategoryColumns[],
  answer: { asOfBlock: number | null; payoutsRecorded: boolean; tipHeight: number },
) {
  rows.sort((a, b) => b.micro - a.micro || a.category.localeCompare(b.category));
  return {
    walletAddress,
    totalTokens: fromMicro(rows.reduce((sum, row) => sum + row.micro, 0)),
    recordCount: rows.reduce((sum, row) => sum + row.records, 0),
    categories: rows.map((row) => ({ category: row.category, tokens: fromMicro(row.micro), payout: payoutAnswer(row, answer.tipHeight) })),
    asOfBlock: answer.asOfBlock,
    payoutsRecorded: answer.payoutsRecorded,
  };
}

/** A row of the points allocations, as the top-holders page answers it. */
export function topHolderAnswer(row: { id: number; wallet_address: string; final_points: number; allocated_micro: number }) {
  return {
    id: row.id,
    walletAddress: row.wallet_address,
    finalPoints: row.final_points,
    allocatedTokens: fromMicro(row.allocated_micro),
    allocationRatio:
      row.final_points === 0 ? 0 : Number(mulDivRound(BigInt(row.allocated_micro), 1000n, BigInt(row.final_points) * 1_000_000n)) / 1000,
  };
}
