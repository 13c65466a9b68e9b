/** Real mainnet addresses for the bench data sets: every kind the app serves, valid checksums, the same on every run. */
import { createHash } from 'node:crypto';
import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';

/** A small seeded generator (mulberry32), so every run writes the same rows. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The n-th address: taproot (bc1p), segwit (bc1q), nested segwit (3…) and legacy (1…) in turn. */
export function benchAddress(index: number): string {
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
