import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDisputeBody, DisputeResponse } from '@shared/schemas/disputes';
import { apiRequest } from '@client/lib/api-client';
import { myDisputesBaseKey } from './get-my-disputes';

export async function createDispute(body: CreateDisputeBody): Promise<DisputeResponse> {
  const response = await apiRequest('POST', '/api/allocation/disputes', body);
  return (await response.json()) as DisputeResponse;
}

export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDispute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myDisputesBaseKey }),
  });
}
