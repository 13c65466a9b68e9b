import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { claimedTweetsPageSize, type UserTweetsResponse } from '@shared/schemas/tweets';
import { getJson } from '@client/lib/api-client';

export const userTweetsBaseKey = ['tweets', 'user'] as const;
export const userTweetsQueryKey = (wallet: string) => [...userTweetsBaseKey, wallet] as const;

export function getUserTweets(wallet: string, offset: number): Promise<UserTweetsResponse> {
  const query = new URLSearchParams({ wallet, limit: String(claimedTweetsPageSize), offset: String(offset) });
  return getJson<UserTweetsResponse>(`/api/tweets/user?${query.toString()}`);
}

/** The newest claims first, a page at a time ("Show more" asks for the next). */
export function userTweetsQueryOptions(wallet: string) {
  return infiniteQueryOptions({
    queryKey: userTweetsQueryKey(wallet),
    queryFn: ({ pageParam }) => getUserTweets(wallet, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.tweets.length, 0);
      return loaded < last.total && last.tweets.length > 0 ? loaded : undefined;
    },
  });
}

export function useUserTweets(wallet: string) {
  return useInfiniteQuery(userTweetsQueryOptions(wallet));
}
