import { knownAllocationCategories } from '../../../shared/allocation-categories.js';
import type { CategoryTotal, LineError, ValidRow } from './import-file.js';

export interface AllocationRow {
  wallet: string;
  category: string;
  micro: bigint;
}

/**
 * A wallet has each category at most once per file: a second row for the same pair is refused on its
 * own line, naming the line of the first, since adding them up silently could hide a doubled row.
 */
export function duplicatePairs(rows: readonly ValidRow<AllocationRow>[]): LineError[] {
  const firstLine = new Map<string, number>();
  const errors: LineError[] = [];
  for (const { line, value } of rows) {
    const key = `${value.wallet}\u0000${value.category}`;
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, line);
    else {
      errors.push({
        line,
        message: `wallet_address ${value.wallet} has category "${value.category}" twice in this file, on lines ${first} and ${line}`,
      });
    }
  }
  return errors;
}

/** Rows and tokens per category: the known categories in their order, then added ones by name. */
export function categoryTotals(rows: readonly ValidRow<AllocationRow>[]): CategoryTotal[] {
  const totals = new Map<string, CategoryTotal>();
  for (const { value } of rows) {
    const total = totals.get(value.category) ?? { category: value.category, rows: 0, totalMicro: 0n };
    total.rows += 1;
    total.totalMicro += value.micro;
    totals.set(value.category, total);
  }
  const rank = (category: string) => {
    const index = knownAllocationCategories.indexOf(category);
    return index === -1 ? knownAllocationCategories.length : index;
  };
  return [...totals.values()].sort((a, b) => rank(a.category) - rank(b.category) || a.category.localeCompare(b.category));
}
