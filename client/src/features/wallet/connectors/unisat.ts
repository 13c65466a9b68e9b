import { noAddress, noSignature, walletCall } from './provider-errors';
import { injectedProvider } from './injected-provider';
import { flaggedWalletName, type ProviderClaim } from './provider-claims';
import type { WalletAdapter } from './wallet-adapter';

/** The part of `window.unisat` used here (docs.unisat.io, "UniSat Wallet API"). */
interface UnisatProvider {
  requestAccounts(): Promise<string[]>;
  signMessage(message: string, type?: 'ecdsa' | 'bip322-simple'): Promise<string>;
}

/** The message type both Unisat and OKX take: BIP-322 has no "simple" form for 1… (P2PKH) addresses. */
export function messageTypeFor(address: string): 'ecdsa' | 'bip322-simple' {
  return address.startsWith('1') ? 'ecdsa' : 'bip322-simple';
}

interface UnisatWindow {
  unisat?: UnisatProvider;
  /** UniSat's own object: forks of UniSat inject `window.unisat` too (docs.unisat.io, browser detection). */
  unisat_wallet?: UnisatProvider;
}

function unisatProvider(): UnisatProvider | undefined {
  const { unisat, unisat_wallet: own } = window as UnisatWindow;
  if (own) return own;
  return unisat && !flaggedWalletName(unisat) ? unisat : undefined;
}

function unisatClaim(): ProviderClaim | null {
  const { unisat, unisat_wallet: own } = window as UnisatWindow;
  if (!unisat || unisat === own) return null;
  const name = flaggedWalletName(unisat);
  if (own) return { name, blocked: false };
  return name ? { name, blocked: true } : null;
}

const provider = injectedProvider<UnisatProvider>(unisatProvider);

export const unisatWallet: WalletAdapter = {
  id: 'unisat',
  name: 'UniSat',
  installUrl: 'https://unisat.io',
  isInstalled: () => provider.find() !== undefined,
  claim: unisatClaim,
  async connect() {
    const accounts = await walletCall(() => provider.require().requestAccounts());
    const address = accounts?.[0];
    if (!address) throw noAddress();
    return { address };
  },
  async signMessage(address, message) {
    const signature = await walletCall(() => provider.require().signMessage(message, messageTypeFor(address)));
    if (typeof signature !== 'string' || !signature) throw noSignature();
    return signature;
  },
};
