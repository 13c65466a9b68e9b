import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import { normalizeWallet, type WalletKind, walletKind } from '../../../shared/wallet.js';
import { bad, type Checked, ok, quote } from './import-fields.js';

export interface WalletCheckOptions {
  /** false (--allow-unchecked-addresses): any non-empty address is taken as given. */
  checksum: boolean;
}

const encodings: Record<WalletKind, string> = {
  taproot: 'bech32m',
  segwit: 'bech32',
  p2sh: 'base58check',
  legacy: 'base58check',
};

/** Mainnet version bytes of base58check addresses. */
const base58Versions: Partial<Record<WalletKind, number>> = { legacy: 0x00, p2sh: 0x05 };

/**
 * Whether the address decodes under its kind's checksum to a well-formed mainnet output: BIP 350's
 * bech32 for witness v0 (20- or 32-byte program) and bech32m for v1 (32 bytes), base58check with
 * the kind's version byte and a 20-byte hash.
 */
function decodes(wallet: string, kind: WalletKind): boolean {
  if (kind === 'taproot' || kind === 'segwit') {
    const decoded = (kind === 'taproot' ? bech32m : bech32).decodeUnsafe(wallet);
    if (!decoded || decoded.prefix !== 'bc') return false;
    const [version, ...words] = decoded.words;
    const program = bech32.fromWordsUnsafe(words);
    if (!program) return false;
    return kind === 'taproot' ? version === 1 && program.length === 32 : version === 0 && (program.length === 20 || program.length === 32);
  }
  const payload = bs58check.decodeUnsafe(wallet);
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
  if (!decodes(wallet, kind)) {
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
