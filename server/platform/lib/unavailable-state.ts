import type { UpstreamUnavailable } from '@shared/schemas/upstream';
import { AppError } from '../errors.js';

/**
 * `produce`'s value; when it fails because an outside service is unreachable and the caller asked
 * for `?onUnavailable=state` (shared/schemas/upstream.ts), that state as a value instead of the 502.
 */
export async function unavailableAsState<T>(
  onUnavailable: 'state' | undefined,
  produce: () => Promise<T>,
): Promise<T | UpstreamUnavailable> {
  try {
    return await produce();
  } catch (error) {
    if (onUnavailable !== 'state' || !(error instanceof AppError) || error.code !== 'UPSTREAM_UNAVAILABLE') throw error;
    return { unavailable: true, error: 'UPSTREAM_UNAVAILABLE', message: error.message };
  }
}

/** Cache a value, never the unavailable state (it would answer Retry and the next poll from the cache). */
export function cacheControlFor(answer: object, maxAgeSeconds: number): string {
  return 'unavailable' in answer ? 'no-store' : `public, max-age=${maxAgeSeconds}`;
}
