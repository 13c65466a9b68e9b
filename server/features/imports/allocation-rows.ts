import { knownAllocationCategories } from '../../../shared/allocation-categories.js';
import type { CategoryTotal, LineError } from './import-file.js';

/**
 * The checked rows of an allocation file, column by column: a million row objects would cost more in
 * garbage collection than the import's real work. Amounts are micro-tokens as numbers, exact because
 * each is at most the total supply (1e15 < 2^53) and sums are checked against it as they grow.
 */
export class AllocationRows {
  readonly lines: number[] = [];
  readonly wallets: string[] = [];
  readonly categories: string[] = [];
  readonly micros: number[] = [];

  get length(): number {
    return this.lines.length;
  }

  push(line: number, wallet: string, category: string, micro: number): void {
    this.lines.push(line);
    this.wallets.push(wallet);
    this.categories.push(category);
    this.micros.push(micro);
  }
}

/**
 * A wallet has each category at most once per file: a second row for the same pair is refused on its
 * own line, naming the line of the first, since adding them up silently could hide a doubled row.
 * Also counts the wallets. Rows come in batches, in file order; each row links to the previous row of
 * its wallet, so a pair is looked for among the wallet's few rows only (and a file's adjacent rows of
 * one wallet need no map lookup).
 */
export class WalletPairCheck {
  readonly duplicates: LineError[] = [];
  readonly #latestRowOf = new Map<string, number>();
  readonly #previousRow: number[] = [];
  #lastWallet: string | null = null;
  #wallets = 0;

  get wallets(): number {
    return this.#wallets;
  }

  /** Checks rows[from…] (every earlier row was checked before). */
  add(rows: AllocationRows, from: number): void {
    const { lines, wallets, categories } = rows;
    for (let i = from; i < rows.length; i += 1) {
      const wallet = wallets[i]!;
      let previous = i - 1;
      if (wallet !== this.#lastWallet) {
        // A run of one wallet's rows ends: the map learns its last row once, not once per row.
        if (this.#lastWallet !== null) this.#latestRowOf.set(this.#lastWallet, i - 1);
        previous = this.#latestRowOf.get(wallet) ?? -1;
        if (previous === -1) this.#wallets += 1;
        this.#lastWallet = wallet;
      }
      this.#previousRow.push(previous);
      let first = -1;
      for (let row = previous; row !== -1; row = this.#previousRow[row]!) {
        if (categories[row] === categories[i]) first = row;
      }
      if (first !== -1) {
        this.duplicates.push({
          line: lines[i]!,
          message: `wallet_address ${wallet} has category "${categories[i]}" twice in this file, on lines ${lines[first]} and ${lines[i]}`,
        });
      }
    }
  }
}

/** Rows and tokens per category: the known categories in their order, then added ones by name. */
export function categoryTotals(rows: AllocationRows): CategoryTotal[] {
  const totals = new Map<string, { rows: number; micro: number }>();
  for (let i = 0; i < rows.length; i += 1) {
    const category = rows.categories[i]!;
    const total = totals.get(category);
    if (total) {
      total.rows += 1;
      total.micro += rows.micros[i]!;
    } else totals.set(category, { rows: 1, micro: rows.micros[i]! });
  }
  const rank = (category: string) => {
    const index = knownAllocationCategories.indexOf(category);
    return index === -1 ? knownAllocationCategories.length : index;
  };
  return [...totals]
    .map(([category, total]) => ({ category, rows: total.rows, totalMicro: BigInt(total.micro) }))
    .sort((a, b) => rank(a.category) - rank(b.category) || a.category.localeCompare(b.category));
}
