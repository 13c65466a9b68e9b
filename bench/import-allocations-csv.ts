/** A large allocation CSV for the import bench: real mainnet addresses of all four kinds (valid checksums). */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import { knownAllocationCategories } from '../shared/allocation-categories.js';

/** A small seeded generator (mulberry32), so every run writes the same file. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function address(index: number): string {
  const bytes = createHash('sha256').update(`wallet ${index}`).digest();
  switch (index % 4) {
    case 0:
      return bech32m.encode('bc', [1, ...bech32m.toWords(bytes)]);
    case 1:
      return bech32.encode('bc', [0, ...bech32.toWords(bytes.subarray(0, 20))]);
    case 2:
      return bs58check.encode(Buffer.concat([Buffer.from([0x05]), bytes.subarray(0, 20)]));
    default:
      return bs58check.encode(Buffer.concat([Buffer.from([0x00]), bytes.subarray(0, 20)]));
  }
}

/**
 * Writes `rows` rows: wallets with one to four categories each on adjacent lines (as exports list
 * them), amounts with up to 6 decimals. Returns the number of wallets.
 */
export function writeAllocationCsv(file: string, rows: number, seed = 1): number {
  const next = random(seed);
  const out = fs.openSync(file, 'w');
  let buffer = 'wallet_address,category,tokens\n';
  let written = 0;
  let wallet = 0;
  while (written < rows) {
    const wanted = Math.min(1 + Math.floor(next() * 4), rows - written);
    const start = Math.floor(next() * knownAllocationCategories.length);
    const walletAddress = address(wallet);
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
