import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@shared/schemas/auth';
import { apiRequest } from '@client/lib/api-client';

export async function login(body: LoginBody): Promise<LoginResponse> {
  const response = await apiRequest('POST', '/api/auth/login', body);
  return (await response.json()) as LoginResponse;
}

type LoginMutationOptions = Omit<UseMutationOptions<LoginResponse, Error, LoginBody>, 'mutationFn'>;

export function useLoginMutation(options?: LoginMutationOptions) {
  return useMutation({ ...options, mutationFn: login });
}
