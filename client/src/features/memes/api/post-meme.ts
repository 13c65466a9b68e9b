import type { Static } from 'typebox';
import type { PostMemeBody, PostMemeResponseSchema } from '@shared/schemas/memes';
import { apiRequest } from '@client/lib/api-client';

type PostMemeResult = Static<typeof PostMemeResponseSchema>;

export async function postMeme(body: PostMemeBody): Promise<PostMemeResult> {
  const response = await apiRequest('POST', '/api/memes/post', body);
  return (await response.json()) as PostMemeResult;
}
