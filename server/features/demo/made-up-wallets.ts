/**
 * Made-up mainnet addresses whose checksums hold, derived from a seed: the demo data set and tests use
 * them so that imports, which check every address, accept them. Nobody holds their keys.
 */
import { createHash } from 'node:crypto';
import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import type { WalletKind } from '@shared/wallet';

/** A segwit address: witness version 0 uses bech32, 1 (taproot) bech32m (BIP 350). */
function segwit(version: 0 | 1, program: Uint8Array): string {
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode('bc', words) : bech32m.encode('bc', words);
}

const base58check = (version: number, hash: Uint8Array) => bs58check.encode(Uint8Array.from([version, ...hash]));

/** The address of `kind` for `seed`; the same seed always gives the same address. */
export function madeUpWallet(kind: WalletKind, seed: string): string {
  const digest = createHash('sha256').update(`acorn made-up wallet ${kind} ${seed}`).digest();
  switch (kind) {
    case 'taproot':
      return segwit(1, digest);
    case 'segwit':
      return segwit(0, digest.subarray(0, 20));
    case 'p2sh':
      return base58check(0x05, digest.subarray(0, 20));
    case 'legacy':
      return base58check(0x00, digest.subarray(0, 20));
  }
}
