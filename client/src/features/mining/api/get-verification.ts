import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Verification } from '@shared/schemas/x';
import { getJson } from '@client/lib/api-client';

export const verificationQueryKey = (userId: number) => ['x', 'verification', userId] as const;

export function getVerification(userId: number): Promise<Verification> {
  return getJson<Verification>(`/api/user/${userId}/twitter`);
}

export function verificationQueryOptions(userId: number) {
  return queryOptions({ queryKey: verificationQueryKey(userId), queryFn: () => getVerification(userId) });
}

export function useVerification(userId: number) {
  return useQuery(verificationQueryOptions(userId));
}
