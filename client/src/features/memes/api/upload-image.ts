import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { UploadResponse } from '@shared/schemas/memes';
import { apiFetch } from '@client/lib/api-client';

/** Multipart upload; the browser sets the multipart Content-Type with its boundary itself. */
export async function uploadImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image', file);
  const response = await apiFetch('/api/upload/image', { method: 'POST', body: form });
  return (await response.json()) as UploadResponse;
}

type UploadOptions = Omit<UseMutationOptions<UploadResponse, Error, File>, 'mutationFn'>;

export function useUploadImage(options?: UploadOptions) {
  return useMutation({ ...options, mutationFn: uploadImage });
}
