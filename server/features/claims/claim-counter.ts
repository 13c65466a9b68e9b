import type { ErrorCode } from '@shared/error-codes';
import { databaseUnavailability } from '../../platform/db/database-unavailable.js';
import { DatabaseBusyError } from '../../platform/db/waiting-sqlite-driver.js';
import { AppError } from '../../platform/errors.js';

export type ClaimKind = 'tweet' | 'meme';
/** `accepted`, or the code the refusal answered with: a fixed set, never anything the visitor sent. */
export type ClaimOutcome = 'accepted' | ErrorCode;

/** Counts claim attempts by kind and outcome (metrics); the tweet and meme services count each attempt once. */
export interface ClaimCounter {
  counted(kind: ClaimKind, outcome: ClaimOutcome): void;
}

/** When metrics are off: nothing is counted. */
export const uncountedClaims: ClaimCounter = { counted: () => {} };

/** The `error` code the answer to this failure carries (server/platform/http/error-handler.ts maps it the same way). */
function refusalCode(error: unknown): ErrorCode {
  if (error instanceof AppError) return error.code;
  if (error instanceof DatabaseBusyError) return 'DATABASE_BUSY';
  if (databaseUnavailability(error)) return 'DATABASE_UNAVAILABLE';
  return 'INTERNAL_ERROR';
}

/** Runs one claim attempt, from the first check to the points written, and counts how it ended. */
export async function countedClaim<T>(counter: ClaimCounter = uncountedClaims, kind: ClaimKind, attempt: () => Promise<T>): Promise<T> {
  try {
    const result = await attempt();
    counter.counted(kind, 'accepted');
    return result;
  } catch (error) {
    counter.counted(kind, refusalCode(error));
    throw error;
  }
}
