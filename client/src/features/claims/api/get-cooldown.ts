import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollingIntervalsMs } from '@shared/app-limits';
import type { Cooldown } from '@shared/schemas/tweets';
import { getJson } from '@client/lib/api-client';

export const cooldownQueryKey = (userId: number | undefined) => ['tweets', 'cooldown', userId] as const;

export function getCooldown(userId: number): Promise<Cooldown> {
  return getJson<Cooldown>(`/api/tweets/cooldown?userId=${userId}`);
}

export function cooldownQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: cooldownQueryKey(userId),
    queryFn: () => getCooldown(userId!),
    enabled: userId !== undefined,
    refetchInterval: pollingIntervalsMs.cooldown,
  });
}

export function useCooldown(userId: number | undefined) {
  return useQuery(cooldownQueryOptions(userId));
}
