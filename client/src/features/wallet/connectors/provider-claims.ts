/**
 * Flags other wallets set on the objects they inject (sources in docs/wallets.md). Many wallets fork
 * UniSat's extension and inject `window.unisat` too; one of these flags on it names the wallet that
 * really answers. An unflagged impostor is still caught when UniSat's own `unisat_wallet` differs.
 */
const walletFlags: ReadonlyArray<readonly [flag: string, name: string]> = [
  ['isOkxWallet', 'OKX Wallet'],
  ['isBitKeep', 'Bitget Wallet'],
  ['isPhantom', 'Phantom'],
];

/** The name of the wallet whose flag the object carries, if any. */
export function flaggedWalletName(provider: unknown): string | null {
  if (typeof provider !== 'object' || provider === null) return null;
  const flags = provider as Record<string, unknown>;
  return walletFlags.find(([flag]) => flags[flag] === true)?.[1] ?? null;
}

/**
 * Another extension answering where this wallet is expected: `blocked` when it is the only one there
 * (the wallet is not offered, so the wrong one is never asked); `name` when its flag says who it is.
 */
export interface ProviderClaim {
  name: string | null;
  blocked: boolean;
}
