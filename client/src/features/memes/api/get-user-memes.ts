import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { MemeListResponseSchema } from '@shared/schemas/memes';
import { getJson } from '@client/lib/api-client';

export const userMemesBaseKey = ['memes', 'user'] as const;

export const getUserMemes = (userId: number) => getJson<Static<typeof MemeListResponseSchema>>(`/api/memes/user/${userId}`);

export const userMemesQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...userMemesBaseKey, userId], queryFn: () => getUserMemes(userId) });

export function useUserMemes(userId: number) {
  return useQuery(userMemesQueryOptions(userId));
}
