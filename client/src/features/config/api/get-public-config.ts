import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/schemas/config';
import { getJson } from '@client/lib/api-client';

export const publicConfigQueryKey = ['config'] as const;

export function getPublicConfig(): Promise<PublicConfig> {
  return getJson<PublicConfig>('/api/config');
}

/** Read once per page load: mining, X and links are fixed while the server runs; the demo notice follows on the next load. */
export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig, staleTime: Infinity, gcTime: Infinity });
}
