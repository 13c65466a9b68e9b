import type { ErrorCode } from '@shared/error-codes';
import type { UnavailableState } from '@shared/schemas/upstream';
import { AppError } from '../errors.js';

/**
 * `produce`'s value; when it fails with one of `codes` (the figure cannot be had) and the caller asked
 * for `?onUnavailable=state` (shared/schemas/upstream.ts), that state as a value instead of the error.
 */
export async function unavailableAsState<T, Code extends ErrorCode>(
  onUnavailable: 'state' | undefined,
  produce: () => Promise<T>,
  codes: readonly Code[],
): Promise<T | UnavailableState<Code>> {
  try {
    return await produce();
  } catch (error) {
    if (onUnavailable !== 'state' || !isAppErrorOf(error, codes)) throw error;
    return { unavailable: true, error: error.code, message: error.message };
  }
}

function isAppErrorOf<Code extends ErrorCode>(error: unknown, codes: readonly Code[]): error is AppError & { code: Code } {
  return error instanceof AppError && (codes as readonly ErrorCode[]).includes(error.code);
}

/** Cache a value, never the unavailable state (it would answer Retry and the next poll from the cache). */
export function cacheControlFor(answer: object, maxAgeSeconds: number): string {
  return 'unavailable' in answer ? 'no-store' : `public, max-age=${maxAgeSeconds}`;
}
