import { queryOptions } from '@tanstack/react-query';
import type { UserDataResponse } from '@shared/schemas/auth';
import { getJson } from '@client/lib/api-client';
import { ApiError } from '@client/lib/api-error';

export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export async function getUser(username: string): Promise<UserDataResponse> {
  if (!username) throw new Error('No username');
  return getJson<UserDataResponse>(`/api/user/${encodeURIComponent(username)}`);
}

export function userQueryOptions(username: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['user', username],
    queryFn: () => getUser(username),
    enabled,
    // SPEC: retried 3 times; an expired session is final, so it is not retried.
    retry: (failureCount, error) => failureCount < 3 && !isSessionExpired(error),
  });
}
