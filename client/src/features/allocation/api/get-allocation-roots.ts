import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublishedRoots } from '@shared/schemas/allocation-roots';
import { getJson } from '@client/lib/api-client';

/** Every root the list was published with, newest first, each with what replaced it and why. */
function getAllocationRoots(): Promise<PublishedRoots> {
  return getJson<PublishedRoots>('/api/allocation/roots');
}

const allocationRootsQuery = () => queryOptions({ queryKey: ['allocation', 'roots'], queryFn: getAllocationRoots, staleTime: 60_000 });

/** Asked only once a receipt verified on its own: the page then says where its root stands. */
export function useAllocationRoots(enabled: boolean) {
  return useQuery({ ...allocationRootsQuery(), enabled });
}
