/**
 * The rows a change of one source writes, column by column (an import's checked rows), valid up to
 * `length`: a million row objects would cost more in garbage collection than the write itself. Each row
 * names its category by its index in `categoryNames`; amounts are micro-tokens.
 */
export interface ListRows {
  readonly length: number;
  readonly wallets: readonly string[];
  readonly categoryNames: readonly string[];
  readonly categoryIds: Int32Array;
  readonly micros: Float64Array;
  category(row: number): string;
}

/** Allocation records as the fields of their Merkle leaves, column by column. */
export interface LeafRows {
  wallets: string[];
  categories: string[];
  micros: number[];
}
