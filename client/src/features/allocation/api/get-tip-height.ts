import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollingIntervalsMs } from '@shared/app-limits';
import type { TipHeight } from '@shared/schemas/chain';
import { getJson } from '@client/lib/api-client';

export async function getTipHeight(): Promise<TipHeight> {
  try {
    return await getJson<TipHeight>('/api/chain/tip-height');
  } catch (error) {
    // SPEC section 8: a block height failure is only logged; the countdowns keep their last values.
    console.warn('Failed to fetch block height', error);
    throw error;
  }
}

export const tipHeightQueryOptions = queryOptions({
  queryKey: ['chain', 'tip-height'],
  queryFn: getTipHeight,
  refetchInterval: pollingIntervalsMs.blockHeightAllocation,
});

export function useTipHeight() {
  return useQuery(tipHeightQueryOptions);
}
