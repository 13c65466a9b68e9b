import { noAddress, noSignature, walletCall } from './provider-errors';
import { messageTypeFor } from './unisat';
import { injectedProvider } from './injected-provider';
import type { WalletAdapter } from './wallet-adapter';

/** The part of `window.okxwallet.bitcoin` used here (OKX Wallet's injected Bitcoin provider). */
interface OkxBitcoinProvider {
  connect(): Promise<{ address: string; publicKey: string }>;
  signMessage(message: string, type?: 'ecdsa' | 'bip322-simple'): Promise<string>;
}

const provider = injectedProvider<OkxBitcoinProvider>(
  () => (window as { okxwallet?: { bitcoin?: OkxBitcoinProvider } }).okxwallet?.bitcoin,
);

export const okxWallet: WalletAdapter = {
  id: 'okx',
  name: 'OKX Wallet',
  installUrl: 'https://web3.okx.com',
  isInstalled: () => provider.find() !== undefined,
  async connect() {
    const account = await walletCall(() => provider.require().connect());
    if (!account?.address) throw noAddress();
    return { address: account.address };
  },
  async signMessage(address, message) {
    const signature = await walletCall(() => provider.require().signMessage(message, messageTypeFor(address)));
    if (typeof signature !== 'string' || !signature) throw noSignature();
    return signature;
  },
};
