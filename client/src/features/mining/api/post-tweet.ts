import type { PostTweetBody, PostTweetResponse } from '@shared/schemas/tweets';
import { apiRequest } from '@client/lib/api-client';

export async function postTweet(body: PostTweetBody): Promise<PostTweetResponse> {
  const response = await apiRequest('POST', '/api/tweets/post', body);
  return (await response.json()) as PostTweetResponse;
}
