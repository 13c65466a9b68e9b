import type { AllocationDifference, WalletDifference } from './allocation-difference-types.js';
import type { LeafRows, ListRows } from './list-rows.js';

/** Rows column by column, as both sides are compared. */
interface Side {
  length: number;
  wallets: readonly string[];
  category: (row: number) => string;
  micros: ArrayLike<number>;
}

/** The live rows of a source, read by readRecordsOfSource. */
export function liveSide(rows: LeafRows): Side {
  return { length: rows.wallets.length, wallets: rows.wallets, category: (row) => rows.categories[row]!, micros: rows.micros };
}

export function candidateSide(rows: ListRows): Side {
  return { length: rows.length, wallets: rows.wallets, category: (row) => rows.category(row), micros: rows.micros };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Row indexes ordered by wallet, then category: byte order of the strings, as in both databases' binary collation. */
function ordered(side: Side): Int32Array {
  const order = new Int32Array(side.length);
  for (let i = 0; i < order.length; i += 1) order[i] = i;
  const { wallets } = side;
  return order.sort((a, b) => compare(wallets[a]!, wallets[b]!) || compare(side.category(a), side.category(b)));
}

/**
 * The difference between two sides, in one ordered pass over both after sorting each by (wallet,
 * category): no lookup per row, no map of a million wallets.
 */
export function compareAllocationRows(
  source: string,
  live: Side,
  candidate: Side,
  roots: { oldRoot: string | null; newRoot: string | null },
  limit: number,
  /** Told each differing wallet's old and new total (null where the side holds no row of it): the list guard counts them. */
  onDiffering?: (wallet: string, oldSum: number | null, newSum: number | null) => void,
): AllocationDifference {
  const a = ordered(live);
  const b = ordered(candidate);
  const result: AllocationDifference = {
    source,
    liveRows: live.length,
    candidateRows: candidate.length,
    liveWallets: 0,
    candidateWallets: 0,
    added: 0,
    removed: 0,
    changed: 0,
    unchanged: 0,
    liveTotalMicro: '0',
    candidateTotalMicro: '0',
    ...roots,
    wallets: [],
    more: 0,
  };
  let liveTotal = 0;
  let candidateTotal = 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const liveWallet = i < a.length ? live.wallets[a[i]!]! : null;
    const candidateWallet = j < b.length ? candidate.wallets[b[j]!]! : null;
    const wallet =
      liveWallet === null ? candidateWallet! : candidateWallet === null ? liveWallet : compare(liveWallet, candidateWallet) <= 0 ? liveWallet : candidateWallet;
    let oldSum: number | null = null;
    let newSum: number | null = null;
    const categories: WalletDifference['categories'] = [];
    // Both groups are ordered by category: merge them.
    while ((i < a.length && live.wallets[a[i]!] === wallet) || (j < b.length && candidate.wallets[b[j]!] === wallet)) {
      const liveRow = i < a.length && live.wallets[a[i]!] === wallet ? a[i]! : -1;
      const candidateRow = j < b.length && candidate.wallets[b[j]!] === wallet ? b[j]! : -1;
      const liveCategory = liveRow === -1 ? null : live.category(liveRow);
      const candidateCategory = candidateRow === -1 ? null : candidate.category(candidateRow);
      const order = liveCategory === null ? 1 : candidateCategory === null ? -1 : compare(liveCategory, candidateCategory);
      const oldMicro = order <= 0 ? live.micros[liveRow]! : null;
      const newMicro = order >= 0 ? candidate.micros[candidateRow]! : null;
      if (oldMicro !== null) {
        oldSum = (oldSum ?? 0) + oldMicro;
        i += 1;
      }
      if (newMicro !== null) {
        newSum = (newSum ?? 0) + newMicro;
        j += 1;
      }
      if (oldMicro !== newMicro) {
        categories.push({
          category: (order <= 0 ? liveCategory : candidateCategory)!,
          oldMicro: oldMicro === null ? null : String(oldMicro),
          newMicro: newMicro === null ? null : String(newMicro),
        });
      }
    }
    if (oldSum !== null) {
      result.liveWallets += 1;
      liveTotal += oldSum;
    }
    if (newSum !== null) {
      result.candidateWallets += 1;
      candidateTotal += newSum;
    }
    if (categories.length === 0) {
      result.unchanged += 1;
      continue;
    }
    onDiffering?.(wallet, oldSum, newSum);
    const kind = oldSum === null ? 'added' : newSum === null ? 'removed' : 'changed';
    result[kind] += 1;
    if (result.wallets.length < limit) {
      result.wallets.push({
        wallet,
        kind,
        oldTotalMicro: oldSum === null ? null : String(oldSum),
        newTotalMicro: newSum === null ? null : String(newSum),
        categories,
      });
    } else result.more += 1;
  }
  result.liveTotalMicro = String(liveTotal);
  result.candidateTotalMicro = String(candidateTotal);
  return result;
}
