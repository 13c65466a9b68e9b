import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustPointsResponse, PeopleSearchResponse, PersonRecord } from '@shared/schemas/admin-people';
import { apiRequest, getJson } from '@client/lib/api-client';
import { adminBaseKey } from './get-admin-me';
import { recheckAccess } from './refused';

const peopleKey = [...adminBaseKey, 'people'] as const;
const auditKey = [...adminBaseKey, 'audit'] as const;

/** Members matching a wallet (or its beginning) or an X handle; nothing asked for an empty query. */
export function usePeopleSearch(query: string) {
  return useQuery({
    queryKey: [...peopleKey, 'search', query],
    queryFn: () => getJson<PeopleSearchResponse>(`/api/admin/people?q=${encodeURIComponent(query)}`),
    enabled: query !== '',
    retry: false,
  });
}

export function usePerson(wallet: string | null) {
  return useQuery({
    queryKey: [...peopleKey, 'person', wallet],
    queryFn: async () => (await getJson<{ person: PersonRecord }>(`/api/admin/people/${encodeURIComponent(wallet!)}`)).person,
    enabled: wallet !== null,
    retry: false,
  });
}

function useChange<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onError: (error) => recheckAccess(queryClient, error),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: peopleKey }), queryClient.invalidateQueries({ queryKey: auditKey })]);
    },
  });
}

/** Add to (or, negative, take from) a member's points, with the reason the audit log keeps. */
export function useAdjustPoints() {
  return useChange(async ({ wallet, delta, reason }: { wallet: string; delta: number; reason: string }) => {
    const response = await apiRequest('POST', `/api/admin/people/${encodeURIComponent(wallet)}/points`, { delta, reason });
    return (await response.json()) as AdjustPointsResponse;
  });
}

/** Block or lift a block from the member's record; the record and the log are read again after. */
export function useSetPersonBlocked() {
  return useChange(async ({ wallet, blocked, reason }: { wallet: string; blocked: boolean; reason: string }) => {
    await apiRequest('POST', `/api/admin/users/${encodeURIComponent(wallet)}/${blocked ? 'block' : 'unblock'}`, { reason });
  });
}
