/**
 * An allocation CSV shaped the way an operator's spreadsheet exports it: grouped by category (every
 * row of the first category, then the next…), each wallet in one to five categories, wallets of all
 * four kinds interleaved within a category. One wallet's rows so lie up to the whole file apart.
 * Seeded: every run writes the same file. Amounts stay below 900 tokens a row, so two million rows
 * still fit the total supply the import enforces.
 */
import fs from 'node:fs';
import { knownAllocationCategories } from '@shared/allocation-categories';
import { benchAddress, seededRandom } from './bench-addresses.js';

const maxCategoriesPerWallet = 5;

/** Writes `rows` rows (≈ rows / 3 wallets, the n-th being `benchAddress(n)`); returns the number of wallets. */
export function writeRealisticAllocationCsv(file: string, rows: number, seed = 1): number {
  const next = seededRandom(seed);
  const categoryCount = knownAllocationCategories.length;
  // Bit k of a wallet's mask: the wallet has a row in category k.
  const masks: number[] = [];
  for (let written = 0; written < rows; ) {
    const wanted = Math.min(1 + Math.floor(next() * maxCategoriesPerWallet), rows - written);
    let mask = 0;
    for (let picked = 0; picked < wanted; ) {
      const bit = 1 << Math.floor(next() * categoryCount);
      if (mask & bit) continue;
      mask |= bit;
      picked += 1;
    }
    masks.push(mask);
    written += wanted;
  }
  const addresses = masks.map((_mask, wallet) => benchAddress(wallet));

  const out = fs.openSync(file, 'w');
  const lines = ['wallet_address,category,tokens'];
  const flush = () => {
    fs.writeSync(out, `${lines.join('\n')}\n`);
    lines.length = 0;
  };
  knownAllocationCategories.forEach((category, bit) => {
    masks.forEach((mask, wallet) => {
      if ((mask & (1 << bit)) === 0) return;
      lines.push(`${addresses[wallet]},${category},${Math.floor(next() * 900)}.${String(Math.floor(next() * 1e6)).padStart(6, '0')}`);
      if (lines.length === 10_000) flush();
    });
  });
  if (lines.length > 0) flush();
  fs.closeSync(out);
  return masks.length;
}
