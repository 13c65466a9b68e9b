export { refreshPublicConfig, usePublicConfig } from './api/get-public-config';
export { useExternalLinks } from './hooks/use-external-links';
export { useMiningOpen } from './hooks/use-mining-open';
