import { queryOptions } from '@tanstack/react-query';
import type { UserDataResponse } from '@shared/schemas/auth';

/** Keeps the status so the session can tell an expired session (401) from other failures. */
export class UserFetchError extends Error {
  readonly status: number;

  constructor(status: number, body: string) {
    super(`Failed to fetch user data: ${status} ${body}`);
    this.name = 'UserFetchError';
    this.status = status;
  }
}

export function isSessionExpired(error: unknown): boolean {
  return error instanceof UserFetchError && error.status === 401;
}

export async function getUser(username: string): Promise<UserDataResponse> {
  if (!username) throw new Error('No username');
  const response = await fetch(`/api/user/${encodeURIComponent(username)}`, { credentials: 'include' });
  if (!response.ok) {
    throw new UserFetchError(response.status, await response.text().catch(() => ''));
  }
  return (await response.json()) as UserDataResponse;
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
