import { useMutation } from '@tanstack/react-query';
import type { LookupManyBody, LookupManyResult } from '@shared/schemas/allocation';
import { apiRequest } from '@client/lib/api-client';
import { busyRetryDelayMs, retryWhenBusy } from '@client/lib/busy-retry';

export const lookupManyAllocationsKey = ['allocation', 'lookup-many'] as const;

export async function lookupManyAllocations(walletAddresses: string[]): Promise<LookupManyResult> {
  const body: LookupManyBody = { walletAddresses };
  const response = await apiRequest('POST', '/api/allocation/lookup-many', body);
  return (await response.json()) as LookupManyResult;
}

/** Several addresses in one request; like the single lookup, an explicit action retried only while the server is busy. */
export function useLookupManyAllocationsMutation() {
  return useMutation({
    retry: retryWhenBusy,
    retryDelay: busyRetryDelayMs,
    mutationKey: lookupManyAllocationsKey,
    mutationFn: lookupManyAllocations,
  });
}
