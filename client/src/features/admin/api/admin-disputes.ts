import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AdminDisputesResponseSchema } from '@shared/schemas/admin';
import type { Dispute } from '@shared/schemas/disputes';
import { apiRequest, getJson } from '@client/lib/api-client';
import { adminBaseKey } from './get-admin-me';
import { recheckAccess } from './refused';

type DisputesResponse = Static<typeof AdminDisputesResponseSchema>;
export type DisputeStatus = Dispute['status'];

const disputesKey = [...adminBaseKey, 'disputes'] as const;

export function useAdminDisputes(status: DisputeStatus | 'all') {
  return useQuery({
    queryKey: [...disputesKey, status],
    queryFn: () => getJson<DisputesResponse>(`/api/admin/disputes${status === 'all' ? '' : `?status=${status}`}`),
    retry: false,
  });
}

export type DisputeAction =
  | { kind: 'answer'; id: number; message: string }
  | { kind: 'resolve'; id: number }
  | { kind: 'reopen'; id: number };

/** Answer, resolve or reopen; the queue is read again after either outcome. */
export function useDisputeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: DisputeAction) => {
      const body = action.kind === 'answer' ? { message: action.message } : {};
      await apiRequest('POST', `/api/admin/disputes/${action.id}/${action.kind}`, body);
    },
    onError: (error) => recheckAccess(queryClient, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: disputesKey }),
  });
}
