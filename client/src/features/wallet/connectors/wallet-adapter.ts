import type { ProviderClaim } from './provider-claims';

export type WalletId = 'unisat' | 'xverse' | 'leather' | 'okx';

/** One browser wallet, reached through the provider object its extension injects into the page. */
export interface WalletAdapter {
  id: WalletId;
  /** The wallet's brand name, the same in every language. */
  name: string;
  /** The wallet's own site, for visitors who have not installed it. */
  installUrl: string;
  isInstalled(): boolean;
  /** Another extension answering where this wallet's provider is expected, if any. */
  claim?(): ProviderClaim | null;
  /** Asks the wallet for the address that holds the visitor's ordinals (the wallet may prompt). */
  connect(): Promise<{ address: string }>;
  /** A base64 signature of `message` by `address` (BIP-322, or the legacy format for 1… addresses). */
  signMessage(address: string, message: string): Promise<string>;
}

export type WalletErrorKind = 'rejected' | 'not-installed' | 'no-address' | 'failed';

/** A wallet request that did not give what was asked; `kind` decides what the page says. */
export class WalletError extends Error {
  constructor(
    readonly kind: WalletErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WalletError';
  }
}

export function isWalletError(error: unknown, kind?: WalletErrorKind): error is WalletError {
  return error instanceof WalletError && (kind === undefined || error.kind === kind);
}
