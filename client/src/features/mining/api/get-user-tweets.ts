import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTweetsResponse } from '@shared/schemas/tweets';
import { getJson } from '@client/lib/api-client';

export const userTweetsBaseKey = ['tweets', 'user'] as const;
export const userTweetsQueryKey = (wallet: string) => [...userTweetsBaseKey, wallet] as const;

export function getUserTweets(wallet: string): Promise<UserTweetsResponse> {
  return getJson<UserTweetsResponse>(`/api/tweets/user?wallet=${encodeURIComponent(wallet)}`);
}

export function userTweetsQueryOptions(wallet: string) {
  return queryOptions({ queryKey: userTweetsQueryKey(wallet), queryFn: () => getUserTweets(wallet) });
}

export function useUserTweets(wallet: string) {
  return useQuery(userTweetsQueryOptions(wallet));
}
