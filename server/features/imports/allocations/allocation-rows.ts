import type { CategoryTotal, LineError } from '../shared/import-file.js';
import { compareCategories } from './category-check.js';

/** A typed array that grows as values are appended: numbers kept without a JS array's per-element work. */
class Growing<T extends Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>> {
  values: T;
  length = 0;

  constructor(readonly make: (size: number) => T) {
    this.values = make(1 << 16);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const larger = this.make(this.values.length * 2);
      larger.set(this.values);
      this.values = larger;
    }
    this.values[this.length] = value;
    this.length += 1;
  }
}

const growingInts = () => new Growing((size) => new Int32Array(size));

/**
 * The checked rows of an allocation file, column by column: a million row objects would cost more in
 * garbage collection than the import's real work. Lines and amounts live in typed arrays. Amounts are
 * micro-tokens as numbers, exact because each is at most the total supply (1e15 < 2^53) and sums are
 * checked against it as they grow.
 */
export class AllocationRows {
  readonly wallets: string[] = [];
  readonly #lines = growingInts();
  readonly #categoryIds = growingInts();
  readonly #micros = new Growing((size) => new Float64Array(size));

  /** `categoryNames`: the categories a file may use; a row names its category by its index there. */
  constructor(readonly categoryNames: readonly string[]) {}

  get length(): number {
    return this.#lines.length;
  }

  /** Line numbers by row (valid up to `length`; the array may be longer). */
  get lines(): Int32Array {
    return this.#lines.values;
  }

  /** Micro-token amounts by row (valid up to `length`). */
  get micros(): Float64Array {
    return this.#micros.values;
  }

  /** Each row's category as its index in `categoryNames` (valid up to `length`). */
  get categoryIds(): Int32Array {
    return this.#categoryIds.values;
  }

  /** Row `row`'s category: the list's own string, never a slice of the file kept alive. */
  category(row: number): string {
    return this.categoryNames[this.#categoryIds.values[row]!]!;
  }

  push(line: number, wallet: string, categoryId: number, micro: number): void {
    this.#lines.push(line);
    this.wallets.push(wallet);
    this.#categoryIds.push(categoryId);
    this.#micros.push(micro);
  }
}

/**
 * A wallet has each category at most once per file: a second row for the same pair is refused on its
 * own line, naming the line of the first, since adding them up silently could hide a doubled row.
 * Also counts the wallets. Rows come in file order; each row links to the previous row of its wallet, so a pair is looked for among the wallet's few rows only (and a file's adjacent rows of
 * one wallet need no map lookup).
 */
export class WalletPairCheck {
  readonly duplicates: LineError[] = [];
  readonly #latestRowOf = new Map<string, number>();
  readonly #previousRow = growingInts();
  #lastWallet: string | null = null;
  #wallets = 0;

  get wallets(): number {
    return this.#wallets;
  }

  /** Checks row `i` of `rows`, right after it was added (every earlier row was checked before it). */
  add(rows: AllocationRows, i: number): void {
    const { lines, categoryIds } = rows;
    const wallet = rows.wallets[i]!;
    let previous = i - 1;
    if (wallet !== this.#lastWallet) {
      // A run of one wallet's rows ends: the map learns its last row once, not once per row.
      if (this.#lastWallet !== null) this.#latestRowOf.set(this.#lastWallet, i - 1);
      previous = this.#latestRowOf.get(wallet) ?? -1;
      if (previous === -1) this.#wallets += 1;
      this.#lastWallet = wallet;
    }
    this.#previousRow.push(previous);
    const previousRows = this.#previousRow.values;
    let first = -1;
    for (let row = previous; row !== -1; row = previousRows[row]!) {
      if (categoryIds[row] === categoryIds[i]) first = row;
    }
    if (first !== -1) {
      this.duplicates.push({
        line: lines[i]!,
        message: `wallet_address ${wallet} has category "${rows.category(i)}" twice in this file, on lines ${lines[first]} and ${lines[i]}`,
      });
    }
  }
}

/** Rows and tokens per category: the known categories in their order, then added ones by name. */
export function categoryTotals(rows: AllocationRows): CategoryTotal[] {
  const totals = new Map<string, { rows: number; micro: number }>();
  for (let i = 0; i < rows.length; i += 1) {
    const category = rows.category(i);
    const total = totals.get(category);
    if (total) {
      total.rows += 1;
      total.micro += rows.micros[i]!;
    } else totals.set(category, { rows: 1, micro: rows.micros[i]! });
  }
  return [...totals]
    .map(([category, total]) => ({ category, rows: total.rows, totalMicro: BigInt(total.micro) }))
    .sort((a, b) => compareCategories(a.category, b.category));
}
