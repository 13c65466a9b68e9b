/** A large allocation CSV for the import bench: real mainnet addresses of all four kinds (valid checksums). */
import fs from 'node:fs';
import { knownAllocationCategories } from '@shared/allocation-categories';
import { benchAddress, seededRandom } from '../scripts/bench-addresses.js';

/**
 * Writes `rows` rows: wallets with one to four categories each on adjacent lines (as exports list
 * them), amounts with up to 6 decimals. Returns the number of wallets.
 */
export function writeAllocationCsv(file: string, rows: number, seed = 1): number {
  const next = seededRandom(seed);
  const out = fs.openSync(file, 'w');
  let buffer = 'wallet_address,category,tokens\n';
  let written = 0;
  let wallet = 0;
  while (written < rows) {
    const wanted = Math.min(1 + Math.floor(next() * 4), rows - written);
    const start = Math.floor(next() * knownAllocationCategories.length);
    const walletAddress = benchAddress(wallet);
    for (let k = 0; k < wanted; k++) {
      const category = knownAllocationCategories[(start + k) % knownAllocationCategories.length]!;
      const tokens = `${Math.floor(next() * 900)}.${String(Math.floor(next() * 1e6)).padStart(6, '0')}`;
      buffer += `${walletAddress},${category},${tokens}\n`;
    }
    written += wanted;
    wallet += 1;
    if (buffer.length > 1 << 20) {
      fs.writeSync(out, buffer);
      buffer = '';
    }
  }
  fs.writeSync(out, buffer);
  fs.closeSync(out);
  return wallet;
}
