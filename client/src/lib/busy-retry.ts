import type { ErrorCode } from '@shared/error-codes';
import { ApiError } from './api-error';

/** The answers that mean "not now": the call was not carried out and may simply be asked again. */
const busyCodes: ReadonlySet<ErrorCode> = new Set(['SERVER_BUSY', 'DATABASE_BUSY', 'DATABASE_UNAVAILABLE']);

export const maxBusyRetries = 3;
/** When a busy answer names no wait. */
const defaultRetryAfterSeconds = 2;
/** Spread of each wait (±20 %), so the clients refused together do not all come back in the same instant. */
const jitter = 0.2;

export function isBusyError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code !== null && busyCodes.has(error.code);
}

/** The wait the server asked for, in whole seconds, as a person is told it. */
export function busyRetryAfterSeconds(error: ApiError): number {
  return error.retryAfterSeconds ?? defaultRetryAfterSeconds;
}

/** React Query's `retry`: busy answers only, at most `maxBusyRetries` times; nothing else is asked twice. */
export function retryWhenBusy(failureCount: number, error: unknown): boolean {
  return failureCount < maxBusyRetries && isBusyError(error);
}

/** React Query's `retryDelay`: the answer's Retry-After, ±20 %. `random` is injectable for tests. */
export function busyRetryDelayMs(_attempt: number, error: unknown, random: () => number = Math.random): number {
  const seconds = isBusyError(error) ? busyRetryAfterSeconds(error) : defaultRetryAfterSeconds;
  return Math.round(seconds * 1000 * (1 - jitter + 2 * jitter * random()));
}
