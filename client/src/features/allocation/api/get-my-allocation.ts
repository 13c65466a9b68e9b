import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyAllocationResponse } from '@shared/schemas/point-allocations';
import { getOptionalFigure } from '@client/lib/api-client';
import { isApiError } from '@client/lib/api-error';

/** A wallet without a points allocation is answered as a state and thrown here as the 404's `ApiError`. */
export function getMyAllocation(): Promise<MyAllocationResponse> {
  return getOptionalFigure<MyAllocationResponse>('/api/tokens/my-allocation');
}

/** The server answers for the session's wallet; the username keys the cache per login. */
export function myAllocationQueryOptions(username: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['tokens', 'my-allocation', username],
    queryFn: getMyAllocation,
    enabled,
    retry: false,
  });
}

export function useMyAllocation(username: string, enabled: boolean) {
  return useQuery(myAllocationQueryOptions(username, enabled));
}

export function isNoAllocation(error: unknown): boolean {
  return isApiError(error, 'ALLOCATION_NOT_FOUND');
}
