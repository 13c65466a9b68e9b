import { noAddress, rpcResult, walletCall } from './provider-errors';
import type { WalletId } from './wallet-adapter';

/**
 * Every Bitcoin address a wallet shares with the page (ordinals and payment), for looking up an
 * allocation: a read only, nothing is signed. Each wallet's own request, as its sign-in connector asks it.
 */
type Read = () => Promise<Array<string | undefined>>;

interface AnyWindow {
  unisat?: { requestAccounts(): Promise<string[]> };
  XverseProviders?: { BitcoinProvider?: { request(method: string, params: unknown): Promise<unknown> } };
  LeatherProvider?: { request(method: string, params?: unknown): Promise<unknown> };
  okxwallet?: { bitcoin?: { connect(): Promise<{ address: string }>; getAccounts?(): Promise<string[]> } };
}

const page = () => window as AnyWindow;

const readers: Record<WalletId, Read> = {
  unisat: async () => (await walletCall(() => page().unisat!.requestAccounts())) ?? [],
  xverse: async () => {
    const accounts = await rpcResult<Array<{ address?: string }>>(() =>
      page().XverseProviders!.BitcoinProvider!.request('getAccounts', { purposes: ['ordinals', 'payment'] }),
    );
    return (accounts ?? []).map((account) => account.address);
  },
  leather: async () => {
    const result = await rpcResult<{ addresses?: Array<{ symbol?: string; address?: string }> }>(() =>
      page().LeatherProvider!.request('getAddresses'),
    );
    return (result?.addresses ?? []).filter((item) => item.symbol === 'BTC').map((item) => item.address);
  },
  okx: async () => {
    const bitcoin = page().okxwallet!.bitcoin!;
    const account = await walletCall(() => bitcoin.connect());
    const others = bitcoin.getAccounts ? await walletCall(() => bitcoin.getAccounts!()) : [];
    return [account?.address, ...(Array.isArray(others) ? others : [])];
  },
};

export async function walletSharedAddresses(id: WalletId): Promise<string[]> {
  const addresses = [...new Set((await readers[id]()).filter((address): address is string => typeof address === 'string' && address !== ''))];
  if (addresses.length === 0) throw noAddress();
  return addresses;
}
