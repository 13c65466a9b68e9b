import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/schemas/config';
import { apiFetch } from '@client/lib/api-client';
import { isApiError } from '@client/lib/api-error';

export const publicConfigQueryKey = ['config'] as const;

/** The launch state (reveal, pause, notice) changes while a page is open: it is re-read this often and on focus. */
const configRefreshMs = 30_000;
/** The server answers from a state at most 5 s old: asking sooner would only repeat it. */
const configStaleMs = 5_000;

/** `cache: 'no-cache'` skips the answer the browser may hold (max-age 5 s) when the page knows it is out of date. */
export async function getPublicConfig(cache: RequestCache = 'default'): Promise<PublicConfig> {
  const response = await apiFetch('/api/config', { cache });
  return (await response.json()) as PublicConfig;
}

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: () => getPublicConfig(),
    staleTime: configStaleMs,
    gcTime: Infinity,
    refetchInterval: configRefreshMs,
    refetchOnWindowFocus: true,
  });
}

/** Re-reads the config past the browser's cache; a failure leaves the last one in place (the poll tries again). */
export async function refreshPublicConfig(client: QueryClient): Promise<void> {
  await client
    .fetchQuery({ queryKey: publicConfigQueryKey, queryFn: () => getPublicConfig('no-cache'), staleTime: 0 })
    .catch(() => undefined);
}

/** A call refused as paused or not yet revealed: the page's config is out of date, so its banner or countdown follows. */
export function refreshConfigOnLaunchError(error: unknown, client: QueryClient): void {
  if (isApiError(error, 'LOOKUPS_PAUSED') || isApiError(error, 'NOT_YET_REVEALED')) void refreshPublicConfig(client);
}
