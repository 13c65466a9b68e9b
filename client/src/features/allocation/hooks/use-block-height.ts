import { pollingIntervalsMs } from '@shared/app-limits';
import { type UpstreamStatus, useUpstreamStatus } from '@client/components/use-upstream-status';
import { useTipHeight } from '@client/features/chain';

export interface BlockHeight {
  /** The last good tip height; a failed poll keeps it (React Query keeps `data` on a refetch error). */
  height: number | undefined;
  status: UpstreamStatus;
}

/** The chain tip for the whale-bonus countdowns, polled every 2 minutes also after a failure. */
export function useBlockHeight(): BlockHeight {
  const query = useTipHeight(pollingIntervalsMs.blockHeightAllocation);
  return { height: query.data?.height, status: useUpstreamStatus(query) };
}
