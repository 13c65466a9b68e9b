import { noAddress, noSignature, rpcResult } from './provider-errors';
import { injectedProvider } from './injected-provider';
import type { WalletAdapter } from './wallet-adapter';

/** `window.XverseProviders.BitcoinProvider`: WBIP001 JSON-RPC requests (the API sats-connect wraps). */
interface XverseProvider {
  request(method: string, params: unknown): Promise<unknown>;
}

interface XverseAddress {
  address: string;
  purpose: 'ordinals' | 'payment' | string;
}

const provider = injectedProvider<XverseProvider>(
  () => (window as { XverseProviders?: { BitcoinProvider?: XverseProvider } }).XverseProviders?.BitcoinProvider,
);

export const xverseWallet: WalletAdapter = {
  id: 'xverse',
  name: 'Xverse',
  installUrl: 'https://www.xverse.app',
  isInstalled: () => provider.find() !== undefined,
  async connect() {
    const addresses = await rpcResult<XverseAddress[]>(() =>
      provider.require().request('getAccounts', { purposes: ['ordinals', 'payment'] }),
    );
    // Xverse keeps inscriptions on the (taproot) ordinals address; the payment address holds plain bitcoin.
    const chosen = addresses?.find((item) => item.purpose === 'ordinals') ?? addresses?.[0];
    if (!chosen?.address) throw noAddress();
    return { address: chosen.address };
  },
  async signMessage(address, message) {
    // BIP322 asked for explicitly: Xverse's default for payment addresses is the legacy ECDSA format.
    const result = await rpcResult<{ signature?: string }>(() =>
      provider.require().request('signMessage', { address, message, protocol: 'BIP322' }),
    );
    if (!result?.signature) throw noSignature();
    return result.signature;
  },
};
