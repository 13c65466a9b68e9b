import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DisputeListResponse } from '@shared/schemas/disputes';
import { getJson } from '@client/lib/api-client';

export const myDisputesBaseKey = ['disputes', 'mine'] as const;

export function getMyDisputes(): Promise<DisputeListResponse> {
  return getJson<DisputeListResponse>('/api/allocation/disputes/mine');
}

/** The signed-in holder's reports; keyed by wallet so another sign-in never sees the last one's. */
export function myDisputesQueryOptions(wallet: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...myDisputesBaseKey, wallet],
    queryFn: getMyDisputes,
    enabled,
  });
}

export function useMyDisputes(wallet: string, enabled: boolean) {
  return useQuery(myDisputesQueryOptions(wallet, enabled));
}
