import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { LookupBody, LookupResult } from '@shared/schemas/allocation';
import { apiRequest } from '@client/lib/api-client';
import { busyRetryDelayMs, retryWhenBusy } from '@client/lib/busy-retry';

export const lookupAllocationKey = ['allocation', 'lookup'] as const;

export async function lookupAllocation(walletAddress: string): Promise<LookupResult> {
  const body: LookupBody = { walletAddress };
  const response = await apiRequest('POST', '/api/allocation/lookup', body);
  return (await response.json()) as LookupResult;
}

type LookupMutationOptions = Omit<UseMutationOptions<LookupResult, Error, string>, 'mutationFn' | 'mutationKey'>;

/**
 * A lookup is an explicit action with toasts, not cached data: a mutation, keyed for devtools. It changes
 * nothing, so every busy answer is retried as a query's is, DATABASE_UNAVAILABLE included.
 */
export function useLookupAllocationMutation(options?: LookupMutationOptions) {
  return useMutation({
    retry: retryWhenBusy,
    retryDelay: busyRetryDelayMs,
    ...options,
    mutationKey: lookupAllocationKey,
    mutationFn: lookupAllocation,
  });
}
