import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { PopularMemesResponseSchema } from '@shared/schemas/memes';
import { getJson } from '@client/lib/api-client';

export const popularMemesKey = ['memes', 'popular'] as const;

export const getPopularMemes = () => getJson<Static<typeof PopularMemesResponseSchema>>('/api/memes/popular');

export const popularMemesQueryOptions = () => queryOptions({ queryKey: popularMemesKey, queryFn: getPopularMemes });

export function usePopularMemes() {
  return useQuery(popularMemesQueryOptions());
}
