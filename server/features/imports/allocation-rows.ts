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

/** An Int32Array that grows as values are appended. */
class GrowingInts {
  values = new Int32Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const larger = new Int32Array(this.values.length * 2);
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.length] = value;
    this.length += 1;
  }
}

/**
 * A wallet has each category at most once per file: a second row for the same pair is refused on its
 * own line, naming the line of the first, since adding them up silently could hide a doubled row.
 * Also counts the wallets. Rows come in file order; each row links to the previous row of its wallet,
 * so a pair is looked for among the wallet's few rows only (and a file's adjacent rows of one wallet
 * need no map lookup). Per row it keeps three numbers, not strings.
 */
export class WalletPairCheck {
  readonly duplicates: LineError[] = [];
  readonly #latestRowOf = new Map<string, number>();
  readonly #lines = new GrowingInts();
  readonly #previousRow = new GrowingInts();
  readonly #categoryOfRow = new GrowingInts();
  readonly #categoryIds = new Map<string, number>();
  #lastWallet: string | null = null;
  #wallets = 0;

  get wallets(): number {
    return this.#wallets;
  }

  add(line: number, wallet: string, category: string): void {
    const row = this.#lines.length;
    let categoryId = this.#categoryIds.get(category);
    if (categoryId === undefined) {
      categoryId = this.#categoryIds.size;
      this.#categoryIds.set(category, categoryId);
    }
    let previous = row - 1;
    if (wallet !== this.#lastWallet) {
      // A run of one wallet's rows ends: the map learns its last row once, not once per row.
      if (this.#lastWallet !== null) this.#latestRowOf.set(this.#lastWallet, row - 1);
      previous = this.#latestRowOf.get(wallet) ?? -1;
      if (previous === -1) this.#wallets += 1;
      this.#lastWallet = wallet;
    }
    this.#lines.push(line);
    this.#previousRow.push(previous);
    this.#categoryOfRow.push(categoryId);
    const previousRows = this.#previousRow.values;
    const categories = this.#categoryOfRow.values;
    let first = -1;
    for (let earlier = previous; earlier !== -1; earlier = previousRows[earlier]!) {
      if (categories[earlier] === categoryId) first = earlier;
    }
    if (first !== -1) {
      this.duplicates.push({
        line,
        message: `wallet_address ${wallet} has category "${category}" twice in this file, on lines ${this.#lines.values[first]} and ${line}`,
      });
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
