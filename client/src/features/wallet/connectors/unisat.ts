import { noAddress, noSignature, walletCall } from './provider-errors';
import { injectedProvider } from './injected-provider';
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

const provider = injectedProvider<UnisatProvider>(() => (window as { unisat?: UnisatProvider }).unisat);

export const unisatWallet: WalletAdapter = {
  id: 'unisat',
  name: 'UniSat',
  installUrl: 'https://unisat.io',
  isInstalled: () => provider.find() !== undefined,
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
