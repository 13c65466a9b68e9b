import { usePublicConfig } from '../api/get-public-config';

/** The block explorer's transaction page from /api/config (append '/' and the txid); undefined until known. */
export function useExplorerTxUrl(): string | undefined {
  return usePublicConfig().data?.explorerTxUrl;
}
