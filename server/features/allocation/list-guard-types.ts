import type { AllocationDifference } from './allocation-difference-types.js';

/**
 * What an import (or a removal) does to the holders of the whole list, every source counted: the list a
 * holder looks up is the sum of their records under every source, so a wallet dropped from one source
 * while another still holds it is lowered, not removed.
 */
export interface WholeListChange {
  /** Wallets left with no record at all: their lookup answers "not found". */
  removedWallets: number;
  /** Wallets still listed whose total goes down. */
  loweredWallets: number;
}

/** A (wallet, category) pair of the file that another source already holds. */
export interface PairHeldElsewhere {
  wallet: string;
  category: string;
  source: string;
}

export interface SourceOverlap {
  /** Rows of the file whose pair another source holds (a file holds each pair once). */
  pairs: number;
  /** The first few, by wallet and category. */
  examples: PairHeldElsewhere[];
}

/** A dry run's difference, with what it means for the whole list. */
export interface ListDifference extends AllocationDifference {
  wholeList: WholeListChange;
  /**
   * The demo data set is loaded and the import would be refused without --keep-demo: `newRoot` is the
   * root the import publishes once `npm run demo:remove` ran, and the whole list is counted without it.
   */
  newRootAfterDemoRemove: boolean;
}

/** The list guard's refusals: each leaves the database as it was, whatever else the file holds. */
export type ListGuardRefusal =
  /** A file with a header and no data row: an import never empties a source (`--remove-source` does, on purpose). */
  | { ok: false; refused: 'no-rows'; source: string }
  /** The file repeats pairs another source holds: a renamed file would count every holder twice. Whatever the flags. */
  | { ok: false; refused: 'overlap'; source: string; overlap: SourceOverlap }
  /** A written import (or removal) would remove a wallet or lower a total, and --replace was not given. */
  | { ok: false; refused: 'shrinks'; source: string; shrink: WholeListChange; difference: ListDifference };

export const noChange: WholeListChange = { removedWallets: 0, loweredWallets: 0 };

/** Whether the change needs --replace: a holder loses a record's worth, or every record. */
export const needsReplace = (change: WholeListChange): boolean => change.removedWallets > 0 || change.loweredWallets > 0;
