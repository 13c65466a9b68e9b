import { noAddress, noSignature, rpcResult } from './provider-errors';
import { injectedProvider } from './injected-provider';
import type { WalletAdapter } from './wallet-adapter';

/** `window.LeatherProvider`: JSON-RPC requests (leather.io developer docs, getAddresses / signMessage). */
interface LeatherProvider {
  request(method: string, params?: unknown): Promise<unknown>;
}

interface LeatherAddress {
  symbol: string;
  type?: 'p2wpkh' | 'p2tr' | string;
  address: string;
}

const provider = injectedProvider<LeatherProvider>(
  () => (window as { LeatherProvider?: LeatherProvider }).LeatherProvider,
);

export const leatherWallet: WalletAdapter = {
  id: 'leather',
  name: 'Leather',
  installUrl: 'https://leather.io/install-extension',
  isInstalled: () => provider.find() !== undefined,
  async connect() {
    const result = await rpcResult<{ addresses?: LeatherAddress[] }>(() => provider.require().request('getAddresses'));
    const bitcoin = (result?.addresses ?? []).filter((item) => item.symbol === 'BTC');
    // Ordinals live on the taproot address; native segwit is the fallback.
    const chosen = bitcoin.find((item) => item.type === 'p2tr') ?? bitcoin[0];
    if (!chosen?.address) throw noAddress();
    return { address: chosen.address };
  },
  async signMessage(address, message) {
    // Leather signs with the account's first address of the given type, so the type follows the address.
    const paymentType = address.toLowerCase().startsWith('bc1p') ? 'p2tr' : 'p2wpkh';
    const result = await rpcResult<{ signature?: string }>(() =>
      provider.require().request('signMessage', { message, paymentType }),
    );
    if (!result?.signature) throw noSignature();
    return result.signature;
  },
};
