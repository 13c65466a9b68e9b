import type { ErrorCode } from '@shared/error-codes';
import { ApiError } from './api-error';

/** The answers that mean "not now": a call that changes nothing may simply be asked again. */
const busyCodes: ReadonlySet<ErrorCode> = new Set(['SERVER_BUSY', 'DATABASE_BUSY', 'DATABASE_UNAVAILABLE']);

/**
 * The busy answers that prove a write was not carried out, so a mutation may be sent again: SERVER_BUSY
 * is answered before any handler runs; DATABASE_BUSY only when SQLite refused its write lock, which a
 * statement meets before it changes anything (transactions take the lock at BEGIN IMMEDIATE). Not
 * DATABASE_UNAVAILABLE: the connection may have broken after the database committed, and a second try
 * could file the same thing twice.
 */
const nothingDoneCodes: ReadonlySet<ErrorCode> = new Set(['SERVER_BUSY', 'DATABASE_BUSY']);

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

/** React Query's `retry` for queries (and calls that change nothing): busy answers only, at most `maxBusyRetries` times. */
export function retryWhenBusy(failureCount: number, error: unknown): boolean {
  return failureCount < maxBusyRetries && isBusyError(error);
}

/** React Query's `retry` for mutations: only the busy answers that prove nothing was done, at most `maxBusyRetries` times. */
export function retryMutationWhenBusy(failureCount: number, error: unknown): boolean {
  return retryWhenBusy(failureCount, error) && nothingDoneCodes.has((error as ApiError).code!);
}

/** React Query's `retryDelay`: the answer's Retry-After, ±20 %. `random` is injectable for tests. */
export function busyRetryDelayMs(_attempt: number, error: unknown, random: () => number = Math.random): number {
  const seconds = isBusyError(error) ? busyRetryAfterSeconds(error) : defaultRetryAfterSeconds;
  return Math.round(seconds * 1000 * (1 - jitter + 2 * jitter * random()));
}
