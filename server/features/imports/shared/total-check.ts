import { totalSupply } from '@shared/tokenomics';
import type { LineError } from './csv-reader.js';
import { maxTokensMicro } from './token-amount.js';

/**
 * A file's total in micro-tokens (exact: the sum is checked against the total supply as it grows); a
 * file adding up to more than the total supply is refused at the row that crosses it.
 */
export function checkTotal(micros: ArrayLike<number>, lines: ArrayLike<number>, length: number): { total: number; error: LineError | null } {
  let total = 0;
  for (let i = 0; i < length; i += 1) {
    total += micros[i]!;
    if (total > maxTokensMicro) {
      return { total, error: { line: lines[i]!, message: `the file's tokens add up to more than the total supply of ${totalSupply} by this row` } };
    }
  }
  return { total, error: null };
}
