import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { GenerateMemeBody, Meme } from '@shared/schemas/memes';
import { apiRequest } from '@client/lib/api-client';

type GenerateInput = GenerateMemeBody;

export async function generateMeme(body: GenerateInput): Promise<Meme> {
  const response = await apiRequest('POST', '/api/memes/generate', body);
  return (await response.json()) as Meme;
}

type GenerateOptions = Omit<UseMutationOptions<Meme, Error, GenerateInput>, 'mutationFn'>;

export function useGenerateMeme(options?: GenerateOptions) {
  return useMutation({ ...options, mutationFn: generateMeme });
}
