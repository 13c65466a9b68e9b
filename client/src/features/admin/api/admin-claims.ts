import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClaimsResponse, ClaimChangeResponse, ClaimOutcome } from '@shared/schemas/admin';
import { apiRequest, getJson } from '@client/lib/api-client';
import { adminBaseKey } from './get-admin-me';
import { recheckAccess } from './refused';

const claimsKey = [...adminBaseKey, 'claims'] as const;
const auditKey = [...adminBaseKey, 'audit'] as const;

export type ClaimKindFilter = 'tweet' | 'meme' | 'all';
export type ClaimOutcomeFilter = ClaimOutcome | 'all';

/** One page of claims and refused attempts, newest first; `before` is the previous page's nextBefore. */
export function useAdminClaims(kind: ClaimKindFilter, outcome: ClaimOutcomeFilter, before: string | null) {
  const params = new URLSearchParams();
  if (kind !== 'all') params.set('kind', kind);
  if (outcome !== 'all') params.set('outcome', outcome);
  if (before) params.set('before', before);
  const query = params.toString();
  return useQuery({
    queryKey: [...claimsKey, kind, outcome, before],
    queryFn: () => getJson<AdminClaimsResponse>(`/api/admin/claims${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Revoke a standing claim or restore a revoked one, with the reason the audit log keeps. */
export function useClaimChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, reason }: { id: number; action: 'revoke' | 'restore'; reason: string }) => {
      const response = await apiRequest('POST', `/api/admin/claims/${id}/${action}`, { reason });
      return (await response.json()) as ClaimChangeResponse;
    },
    onError: (error) => recheckAccess(queryClient, error),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: claimsKey }), queryClient.invalidateQueries({ queryKey: auditKey })]);
    },
  });
}
