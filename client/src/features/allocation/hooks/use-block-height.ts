import { pollingIntervalsMs } from '@shared/app-limits';
import { useTipHeight } from '@client/features/chain/api/get-tip-height';

/**
 * The last good chain tip height, or undefined until one arrives. A failed poll keeps the previous
 * value (React Query keeps `data` on a refetch error), so countdowns never jump back to loading.
 */
export function useBlockHeight(): number | undefined {
  return useTipHeight(pollingIntervalsMs.blockHeightAllocation).data?.height;
}
