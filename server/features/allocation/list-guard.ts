import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { LeafRows, ListRows } from './list-rows.js';
import { compareWithRememberedTotals, findPairsHeldElsewhere, findSourcesOfPairs, rememberSourceTotals } from './list-guard.repository.js';
import { type ListGuardRefusal, needsReplace, noChange, type SourceOverlap, type WholeListChange } from './list-guard-types.js';

/**
 * The allocation list changes only on purpose. Three rules, the same for `import:allocations`, its dry
 * run, `--remove-source` and the console's preview:
 * - a file with no data rows is refused whatever the flags (an empty source is `--remove-source`'s);
 * - a (wallet, category) pair another source holds is refused whatever the flags: a renamed file (the
 *   source defaults to the file name) would count every holder twice;
 * - a change that removes a wallet from the list or lowers any wallet's total, per wallet across every
 *   source, needs `--replace`.
 * A written import decides in SQL inside its transaction (ListGuard); a dry run, which changes nothing and
 * already holds both sides in memory, counts the same from them (DryRunTally, overlapInMemory).
 */

/** Example pairs an overlap refusal names. */
export const overlapExamples = 10;

export const noRowsRefusal = (source: string): ListGuardRefusal => ({ ok: false, refused: 'no-rows', source });

/** The guard of one written import or removal, inside its transaction. */
export class ListGuard {
  #sourceHeld = false;
  #otherRows = 0;
  /** What the write did to the whole list, once checked. */
  change: WholeListChange = noChange;
  /** Why the write was rolled back, once checked and refused. */
  refusal: { refused: 'overlap'; overlap: SourceOverlap } | { refused: 'shrinks'; shrink: WholeListChange } | null = null;

  constructor(
    readonly source: string,
    readonly replace: boolean,
  ) {}

  /** Before the source's rows are deleted. */
  async beforeDelete(trx: Kysely<Database>): Promise<void> {
    this.#sourceHeld = await rememberSourceTotals(trx, this.source);
  }

  /** How many rows the other sources hold (read once by the import for its Merkle tree). */
  sawOtherSources(rows: LeafRows): void {
    this.#otherRows = rows.wallets.length;
  }

  /** After the new rows are in: true when the write may commit; otherwise `refusal` says why. */
  async check(trx: Kysely<Database>, newRows: number): Promise<boolean> {
    if (this.#otherRows > 0 && newRows > 0) {
      const overlap = await findPairsHeldElsewhere(trx, this.source, { fromOtherSources: this.#otherRows < newRows, examples: overlapExamples });
      if (overlap.pairs > 0) {
        this.refusal = { refused: 'overlap', overlap };
        return false;
      }
    }
    this.change = this.#sourceHeld ? await compareWithRememberedTotals(trx, this.source) : noChange;
    if (needsReplace(this.change) && !this.replace) {
      this.refusal = { refused: 'shrinks', shrink: this.change };
      return false;
    }
    return true;
  }

  /** For the audit entry: a write --replace let through, and what it removed and lowered. */
  audited(): { replace: true; removedWallets: number; loweredWallets: number } | Record<string, never> {
    return needsReplace(this.change) ? { replace: true, ...this.change } : {};
  }
}

/**
 * A dry run's count of the whole-list change, fed every wallet whose rows under the source differ (old and
 * new total under the source, null where it holds none): lowered where the new total is below the old,
 * and the wallets the source drops, which are removed unless another source still holds them.
 */
export class DryRunTally {
  #lowered = 0;
  readonly #dropped: { wallet: string; old: number }[] = [];

  readonly visit = (wallet: string, oldSum: number | null, newSum: number | null): void => {
    if (oldSum === null) return;
    if (newSum === null) this.#dropped.push({ wallet, old: oldSum });
    else if (newSum < oldSum) this.#lowered += 1;
  };

  /** The change, given the other sources' rows as the import would find them. */
  result(others: LeafRows): WholeListChange {
    if (this.#dropped.length === 0) return { removedWallets: 0, loweredWallets: this.#lowered };
    const held = new Set(others.wallets);
    let removedWallets = 0;
    let loweredWallets = this.#lowered;
    for (const { wallet, old } of this.#dropped) {
      if (!held.has(wallet)) removedWallets += 1;
      else if (old > 0) loweredWallets += 1;
    }
    return { removedWallets, loweredWallets };
  }
}

const pairKey = (wallet: string, category: string) => `${wallet}\n${category}`;

/**
 * A dry run's overlap: the candidate rows whose pair the other sources hold, keyed from the smaller side.
 * The examples are named with their source from the database (a few probes).
 */
export async function overlapInMemory(
  db: Kysely<Database>,
  source: string,
  rows: ListRows,
  others: LeafRows,
  exceptSource: string | undefined,
): Promise<SourceOverlap> {
  if (rows.length === 0 || others.wallets.length === 0) return { pairs: 0, examples: [] };
  const conflicting: number[] = [];
  if (others.wallets.length <= rows.length) {
    const held = new Set(others.wallets.map((wallet, i) => pairKey(wallet, others.categories[i]!)));
    for (let i = 0; i < rows.length; i += 1) if (held.has(pairKey(rows.wallets[i]!, rows.category(i)))) conflicting.push(i);
  } else {
    const mine = new Map<string, number>();
    for (let i = 0; i < rows.length; i += 1) mine.set(pairKey(rows.wallets[i]!, rows.category(i)), i);
    const seen = new Set<number>();
    for (let i = 0; i < others.wallets.length; i += 1) {
      const row = mine.get(pairKey(others.wallets[i]!, others.categories[i]!));
      if (row !== undefined && !seen.has(row)) {
        seen.add(row);
        conflicting.push(row);
      }
    }
  }
  if (conflicting.length === 0) return { pairs: 0, examples: [] };
  const byPair = (a: number, b: number) => compare(rows.wallets[a]!, rows.wallets[b]!) || compare(rows.category(a), rows.category(b));
  const first = conflicting.sort(byPair).slice(0, overlapExamples).map((i) => ({ wallet: rows.wallets[i]!, category: rows.category(i) }));
  return { pairs: conflicting.length, examples: await findSourcesOfPairs(db, source, first, exceptSource) };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
