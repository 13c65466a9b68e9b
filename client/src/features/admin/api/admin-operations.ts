import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AdminRole } from '@shared/schemas/admin';
import type { AdminOverview, GrantsResponseSchema, LaunchCommandBody, LaunchResponseSchema } from '@shared/schemas/admin-console';
import { apiRequest, getJson } from '@client/lib/api-client';
import { adminBaseKey } from './get-admin-me';
import { recheckAccess } from './refused';

type GrantsResponse = Static<typeof GrantsResponseSchema>;
type LaunchResponse = Static<typeof LaunchResponseSchema>;

const overviewKey = [...adminBaseKey, 'overview'] as const;
const grantsKey = [...adminBaseKey, 'grants'] as const;

export function useAdminOverview() {
  return useQuery({ queryKey: overviewKey, queryFn: () => getJson<AdminOverview>('/api/admin/overview'), retry: false });
}

/** One launch switch; the overview is read again after either outcome. */
export function useLaunchCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LaunchCommandBody) => (await (await apiRequest('POST', '/api/admin/launch', body)).json()) as LaunchResponse,
    onError: (error) => recheckAccess(queryClient, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}

export function useGrants() {
  return useQuery({ queryKey: grantsKey, queryFn: () => getJson<GrantsResponse>('/api/admin/grants'), retry: false });
}

export type GrantChange = { kind: 'grant'; wallet: string; role: AdminRole; reason?: string } | { kind: 'revoke'; wallet: string };

export function useGrantChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: GrantChange) => {
      if (change.kind === 'grant') {
        const body = { wallet: change.wallet, role: change.role, ...(change.reason ? { reason: change.reason } : {}) };
        await apiRequest('POST', '/api/admin/grants', body);
      } else {
        await apiRequest('POST', `/api/admin/grants/${encodeURIComponent(change.wallet)}/revoke`, {});
      }
    },
    onError: (error) => recheckAccess(queryClient, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grantsKey }),
  });
}
