import type { ExternalLinks } from '@shared/links';
import { usePublicConfig } from '../api/get-public-config';

/** The operator's external links from /api/config; undefined until known, so no default is opened by mistake. */
export function useExternalLinks(): ExternalLinks | undefined {
  return usePublicConfig().data?.links;
}
