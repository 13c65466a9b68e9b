import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMeme } from '@shared/schemas/memes';
import { getJson } from '@client/lib/api-client';

export const getSharedMeme = (trackingCode: string) =>
  getJson<PublicMeme>(`/api/memes/share/${encodeURIComponent(trackingCode)}`);

export const sharedMemeQueryOptions = (trackingCode: string) =>
  queryOptions({ queryKey: ['memes', 'share', trackingCode], queryFn: () => getSharedMeme(trackingCode) });

export function useSharedMeme(trackingCode: string) {
  return useQuery(sharedMemeQueryOptions(trackingCode));
}
