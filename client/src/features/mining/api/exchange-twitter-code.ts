import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ExchangeBody, ExchangeResponse } from '@shared/schemas/x';
import { apiRequest } from '@client/lib/api-client';

export async function exchangeTwitterCode(body: ExchangeBody): Promise<ExchangeResponse> {
  const response = await apiRequest('POST', '/api/auth/twitter/exchange', body);
  return (await response.json()) as ExchangeResponse;
}

type ExchangeOptions = Omit<UseMutationOptions<ExchangeResponse, Error, ExchangeBody>, 'mutationFn'>;

export function useExchangeTwitterCode(options?: ExchangeOptions) {
  return useMutation({ ...options, mutationFn: exchangeTwitterCode });
}
