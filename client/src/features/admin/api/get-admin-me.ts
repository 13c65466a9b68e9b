import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AdminMeResponseSchema } from '@shared/schemas/admin';
import { getJson } from '@client/lib/api-client';

export type AdminMe = Static<typeof AdminMeResponseSchema>;

export const adminBaseKey = ['admin'] as const;

/** Who the console lets in: keyed by wallet, so a new sign-in asks again. The server's refusal is final. */
export function useAdminMe(wallet: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminBaseKey, 'me', wallet],
    queryFn: () => getJson<AdminMe>('/api/admin/me'),
    enabled,
    retry: false,
  });
}
