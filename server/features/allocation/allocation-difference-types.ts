/**
 * What replacing the live rows of one source with a candidate list changes, wallet by wallet. A wallet
 * is added (no live row), removed (no candidate row) or changed (a category appears, goes or moves);
 * the rest are unchanged. An operator reads, per listed wallet, its old and new total and each category
 * whose amount differs (old or new null where the category is absent), which is what a holder will see
 * move on the allocation page. Amounts are micro-tokens as decimal strings.
 */
export interface WalletDifference {
  wallet: string;
  kind: 'added' | 'removed' | 'changed';
  oldTotalMicro: string | null;
  newTotalMicro: string | null;
  categories: { category: string; oldMicro: string | null; newMicro: string | null }[];
}

export interface AllocationDifference {
  source: string;
  liveRows: number;
  candidateRows: number;
  liveWallets: number;
  candidateWallets: number;
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  liveTotalMicro: string;
  candidateTotalMicro: string;
  /** The Merkle root of the whole table now (null without records) and after the replacement. */
  oldRoot: string | null;
  newRoot: string | null;
  /** The first `limit` wallets that differ, by wallet address; `more` says how many were left out. */
  wallets: WalletDifference[];
  more: number;
}
