import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import { nodeSha256 } from '../../../platform/lib/node-sha256.js';
import { normalizeWallet, type WalletKind, walletKind } from '@shared/wallet';
import { bad, type Checked, ok, quote } from './fields.js';

export interface WalletCheckOptions {
  /** false (--allow-unchecked-addresses): any non-empty address is taken as given. */
  checksum: boolean;
  /** The SHA-256 of base58check's checksum; node:crypto's unless given (the import's worker gives hash-wasm's). */
  sha256?: (data: Uint8Array) => Uint8Array;
}


const encodings: Record<WalletKind, string> = {
  taproot: 'bech32m',
  segwit: 'bech32',
  p2sh: 'base58check',
  legacy: 'base58check',
};

/** Mainnet version bytes of base58check addresses. */
const base58Versions: Partial<Record<WalletKind, number>> = { legacy: 0x00, p2sh: 0x05 };

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58Digits = new Int8Array(128).fill(-1);
for (let digit = 0; digit < base58Alphabet.length; digit += 1) base58Digits[base58Alphabet.charCodeAt(digit)] = digit;

/**
 * The 25 bytes of a base58 address (version, 20-byte hash, 4-byte checksum) when it has exactly that
 * many, else null. Leading '1's are zero bytes.
 */
function base58Payload(address: string): Buffer | null {
  // The number in nine 24-bit limbs (least significant first), fed up to four digits at a time: every
  // product stays below 2^48, exact in a double.
  const limbs = new Float64Array(9);
  for (let i = 0; i < address.length; ) {
    let group = 0;
    let scale = 1;
    for (const end = Math.min(i + 4, address.length); i < end; i += 1) {
      const code = address.charCodeAt(i);
      const digit = code < 128 ? base58Digits[code]! : -1;
      if (digit < 0) return null;
      group = group * 58 + digit;
      scale *= 58;
    }
    let carry = group;
    for (let k = 0; k < 9; k += 1) {
      const value = limbs[k]! * scale + carry;
      carry = Math.floor(value / 0x1000000);
      limbs[k] = value - carry * 0x1000000;
    }
    if (carry !== 0) return null;
  }
  // 27 bytes from the limbs; a 25-byte payload leaves the top two empty.
  if (limbs[8]! >= 0x100) return null;
  const bytes = Buffer.alloc(25);
  for (let k = 0; k < 9; k += 1) {
    const at = 24 - 3 * k;
    const limb = limbs[k]!;
    bytes[at] = limb & 0xff;
    bytes[at - 1] = (limb >>> 8) & 0xff;
    if (at - 2 >= 0) bytes[at - 2] = (limb >>> 16) & 0xff;
  }
  let leadingOnes = 0;
  while (address[leadingOnes] === '1') leadingOnes += 1;
  let zeroBytes = 0;
  while (zeroBytes < 25 && bytes[zeroBytes] === 0) zeroBytes += 1;
  return zeroBytes === leadingOnes ? bytes : null;
}

/**
 * A base58check address of 21 payload bytes whose double SHA-256 checksum holds, with node:crypto's
 * SHA-256: a million-row import checks hundreds of thousands of these, many times faster than the
 * JavaScript hash inside bs58check. A refusal is still bs58check's verdict.
 */
function base58CheckPasses(address: string, sha256: (data: Uint8Array) => Uint8Array): Buffer | null {
  const bytes = base58Payload(address);
  if (!bytes) return null;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload));
  for (let i = 0; i < 4; i += 1) if (checksum[i] !== bytes[21 + i]) return null;
  return payload;
}

/**
 * Whether the address decodes under its kind's checksum to a well-formed mainnet output: BIP 350's
 * bech32 for witness v0 (20- or 32-byte program) and bech32m for v1 (32 bytes), base58check with
 * the kind's version byte and a 20-byte hash.
 */
function decodes(wallet: string, kind: WalletKind, sha256: (data: Uint8Array) => Uint8Array): boolean {
  if (kind === 'taproot' || kind === 'segwit') {
    const decoded = (kind === 'taproot' ? bech32m : bech32).decodeUnsafe(wallet);
    if (!decoded || decoded.prefix !== 'bc') return false;
    const [version, ...words] = decoded.words;
    const program = bech32.fromWordsUnsafe(words);
    if (!program) return false;
    return kind === 'taproot' ? version === 1 && program.length === 32 : version === 0 && (program.length === 20 || program.length === 32);
  }
  const payload = base58CheckPasses(wallet, sha256) ?? bs58check.decodeUnsafe(wallet);
  return payload !== undefined && payload.length === 21 && payload[0] === base58Versions[kind];
}

/**
 * The normalised wallet (bech32 lower-cased, base58 as given) when it is a mainnet address of a kind
 * the app serves and its checksum holds: a typo or a cut-off address would otherwise import a holder
 * who later finds nothing.
 */
export function checkWallet(raw: string, options: WalletCheckOptions = { checksum: true }): Checked<string> {
  const wallet = normalizeWallet(raw);
  if (wallet === '') return bad('wallet_address is empty');
  if (!options.checksum) return ok(wallet);
  const kind = walletKind(wallet);
  if (kind === null) {
    return bad(`wallet_address ${quote(wallet)} is not a bc1p, bc1q, 3 or 1 mainnet address of a valid length`);
  }
  if (!decodes(wallet, kind, options.sha256 ?? nodeSha256)) {
    return bad(`wallet_address ${wallet} fails its ${encodings[kind]} checksum (a typo or a cut-off address?)`);
  }
  return ok(wallet);
}

/**
 * checkWallet for one import: a file lists a wallet's categories on adjacent rows, so the answer for
 * the previous row's address is reused instead of decoding the same checksum again.
 */
export function walletChecker(options: WalletCheckOptions): (raw: string) => Checked<string> {
  let last: { raw: string; checked: Checked<string> } | null = null;
  return (raw) => {
    if (last?.raw !== raw) last = { raw, checked: checkWallet(raw, options) };
    return last.checked;
  };
}
