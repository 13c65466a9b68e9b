import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@client/lib/api-error';
import { adminBaseKey } from './get-admin-me';

/**
 * After the gate refuses a call in the middle of work (idle, a revoked role, a session ended), the
 * console asks /api/admin/me again, so it shows the entry state in place of the tables.
 */
export function recheckAccess(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    void queryClient.invalidateQueries({ queryKey: [...adminBaseKey, 'me'] });
  }
}

/** The same for a list the console reads: its refusal rechecks access once per error. */
export function useRecheckOnRefusal(error: unknown): void {
  const queryClient = useQueryClient();
  useEffect(() => recheckAccess(queryClient, error), [queryClient, error]);
}
