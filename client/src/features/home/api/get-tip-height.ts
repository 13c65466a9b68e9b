import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pollingIntervalsMs } from '@shared/app-limits';
import type { TipHeight } from '@shared/schemas/chain';
import { getJson } from '@client/lib/api-client';

export function getTipHeight(): Promise<TipHeight> {
  return getJson<TipHeight>('/api/chain/tip-height');
}

export const tipHeightQueryOptions = queryOptions({
  queryKey: ['chain', 'tip-height'],
  queryFn: getTipHeight,
  refetchInterval: pollingIntervalsMs.blockHeightHome,
});

/**
 * The chain tip, polled every minute on home. A failure is only logged (SPEC section 8): the query keeps
 * the last known height, so the card goes on showing it, or 'Loading...' if none was ever known.
 */
export function useTipHeight() {
  const query = useQuery(tipHeightQueryOptions);
  const { error } = query;
  useEffect(() => {
    if (error) console.warn('Block height unavailable:', error.message);
  }, [error]);
  return query;
}
