import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-client';
import { busyRetryDelayMs, retryMutationWhenBusy, retryWhenBusy } from './busy-retry';

/** Queries without their own queryFn use a URL key, e.g. `['/api/tokens/stats']`. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const [first] = queryKey;
  if (typeof first !== 'string' || !first.startsWith('/')) {
    throw new Error(`No queryFn for query key ${JSON.stringify(queryKey)}`);
  }
  return getJson(queryKey.join('/'));
};

/**
 * Only busy answers are retried (after their Retry-After), a mutation only when the answer proves it was
 * not carried out; every other failure shows at once.
 * `onError` sees every failed query and mutation (e.g. to refresh the config on a launch-state answer).
 */
export function createQueryClient(onError: (error: unknown, client: QueryClient) => void = () => {}): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onError(error, client) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error, client) }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: retryWhenBusy,
        retryDelay: busyRetryDelayMs,
      },
      mutations: { retry: retryMutationWhenBusy, retryDelay: busyRetryDelayMs },
    },
  });
  return client;
}
