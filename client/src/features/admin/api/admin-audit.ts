import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AuditListResponseSchema } from '@shared/schemas/admin';
import { apiRequest, getJson } from '@client/lib/api-client';
import { adminBaseKey } from './get-admin-me';
import { recheckAccess } from './refused';

type AuditList = Static<typeof AuditListResponseSchema>;

export interface AuditFilters {
  action: string;
  actor: string;
  target: string;
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { action: '', actor: '', target: '', from: '', to: '' };

const auditKey = [...adminBaseKey, 'audit'] as const;

/** The filters as the audit routes read them: empty ones left out. */
export function auditSearch(filters: AuditFilters, before?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim() !== '') params.set(name, value.trim());
  if (before !== undefined) params.set('before', String(before));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

export function useAuditLog(filters: AuditFilters, before: number | undefined) {
  return useQuery({
    queryKey: [...auditKey, filters, before ?? null],
    queryFn: () => getJson<AuditList>(`/api/admin/audit${auditSearch(filters, before)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Block or lift a block, with the reason the log keeps; the log is read again after. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ wallet, blocked, reason }: { wallet: string; blocked: boolean; reason: string }) => {
      await apiRequest('POST', `/api/admin/users/${encodeURIComponent(wallet)}/${blocked ? 'block' : 'unblock'}`, { reason });
    },
    onError: (error) => recheckAccess(queryClient, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
