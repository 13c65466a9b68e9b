export { refreshPublicConfig, usePublicConfig } from './api/get-public-config';
export { useExplorerTxUrl } from './hooks/use-explorer-tx-url';
export { useExternalLinks } from './hooks/use-external-links';
export { useMiningOpen } from './hooks/use-mining-open';
