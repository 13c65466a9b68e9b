/**
 * Wallet address rules of SPEC section 5, shared by the join form and the login endpoint.
 * The spec's rule is prefix plus length; it is the contract, so no checksum is applied here
 * (see docs/decisions.md).
 */
export type WalletKind = 'taproot' | 'segwit' | 'p2sh' | 'legacy';

interface WalletRule {
  kind: WalletKind;
  prefix: string;
  minLength: number;
  maxLength: number;
}

// Order matters: bc1p and bc1q are checked before any shorter prefix could match.
export const walletRules: readonly WalletRule[] = [
  { kind: 'taproot', prefix: 'bc1p', minLength: 62, maxLength: 62 },
  { kind: 'segwit', prefix: 'bc1q', minLength: 42, maxLength: 62 },
  { kind: 'p2sh', prefix: '3', minLength: 26, maxLength: 35 },
  { kind: 'legacy', prefix: '1', minLength: 26, maxLength: 35 },
];

export function walletKind(address: string): WalletKind | null {
  const rule = walletRules.find((candidate) => address.startsWith(candidate.prefix));
  if (!rule) return null;
  const { length } = address;
  return length >= rule.minLength && length <= rule.maxLength ? rule.kind : null;
}

/** The join form's rule. Bech32 addresses are compared in lower case, as wallets may show them upper-cased. */
export function isValidJoinAddress(address: string): boolean {
  return walletKind(normalizeWallet(address)) !== null;
}

/** A stored session is restored only for these prefixes (SPEC section 4). */
export function isRestorableSessionWallet(address: string): boolean {
  return ['bc1', '1', '3'].some((prefix) => address.startsWith(prefix));
}

/** Bech32 (bc1…) is case-insensitive and stored lower-case; base58 (1…, 3…) is case-sensitive and kept as given. */
export function normalizeWallet(address: string): string {
  const trimmed = address.trim();
  const lower = trimmed.toLowerCase();
  return lower.startsWith('bc1') ? lower : trimmed;
}

export const invalidWalletMessage =
  'Please enter a valid Bitcoin wallet address (bc1p, bc1q, 3, or 1 format)';
