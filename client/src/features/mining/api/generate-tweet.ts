import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { GenerateTweetBody, GenerateTweetResponse } from '@shared/schemas/tweets';
import { apiRequest } from '@client/lib/api-client';

export async function generateTweet(body: GenerateTweetBody): Promise<GenerateTweetResponse> {
  const response = await apiRequest('POST', '/api/tweets/generate-custom', body);
  return (await response.json()) as GenerateTweetResponse;
}

type GenerateOptions = Omit<UseMutationOptions<GenerateTweetResponse, Error, GenerateTweetBody>, 'mutationFn'>;

export function useGenerateTweet(options?: GenerateOptions) {
  return useMutation({ ...options, mutationFn: generateTweet });
}
