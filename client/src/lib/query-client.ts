import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-client';

/** Queries without their own queryFn use a URL key, e.g. `['/api/tokens/stats']`. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const [first] = queryKey;
  if (typeof first !== 'string' || !first.startsWith('/')) {
    throw new Error(`No queryFn for query key ${JSON.stringify(queryKey)}`);
  }
  return getJson(queryKey.join('/'));
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
