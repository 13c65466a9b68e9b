import { useQuery } from '@tanstack/react-query';
import type { TipHeight } from '@shared/schemas/chain';
import { getOptionalFigure } from '@client/lib/api-client';

export async function getTipHeight(): Promise<TipHeight> {
  try {
    return await getOptionalFigure<TipHeight>('/api/chain/tip-height');
  } catch (error) {
    // SPEC section 8: a block height failure is only logged; the query keeps the last good height.
    console.warn('Failed to fetch block height', error);
    throw error;
  }
}

export const tipHeightQueryKey = ['chain', 'tip-height'] as const;

/**
 * The chain tip, polled at the page's own interval (SPEC section 9: 1 min on home, 2 min on allocation).
 * The interval keeps running after a failed poll, so countdowns come back by themselves.
 */
export function useTipHeight(refetchInterval: number) {
  return useQuery({ queryKey: tipHeightQueryKey, queryFn: getTipHeight, refetchInterval });
}
