import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { PostTweetBody, PostTweetResponse } from '@shared/schemas/tweets';
import { apiRequest } from '@client/lib/api-client';

export async function postTweet(body: PostTweetBody): Promise<PostTweetResponse> {
  const response = await apiRequest('POST', '/api/tweets/post', body);
  return (await response.json()) as PostTweetResponse;
}

type PostOptions = Omit<UseMutationOptions<PostTweetResponse, Error, PostTweetBody>, 'mutationFn'>;

export function usePostTweet(options?: PostOptions) {
  return useMutation({ ...options, mutationFn: postTweet });
}
