import { usePublicConfig } from '../api/get-public-config';

/** The mining phase from the server: undefined until known, so no page guesses either way. */
export function useMiningOpen(): boolean | undefined {
  return usePublicConfig().data?.miningOpen;
}
