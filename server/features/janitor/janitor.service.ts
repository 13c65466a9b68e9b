import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type PruneCounts, pruneExpired } from '../auth/index.js';
import { pruneOldRefusals } from '../claims/index.js';
import { pruneLookupCounts } from '../lookups/index.js';
import { deleteEndedRateLimits } from '../rate-limits/index.js';
import { pruneUnusedUploads, type UploadPruneCounts } from '../uploads/index.js';
import type { UploadStore } from '../../platform/lib/upload-store.js';

export interface ExpiredRowCounts extends PruneCounts {
  rateLimits: number;
  /** Lookup counts of minutes older than a day. */
  lookupMinutes: number;
  /** Refused claim attempts past the time the claims feature keeps them. */
  claimRefusals: number;
}

/** A step's counts, or why it failed. */
export type StepOutcome<T> = { ok: true; counts: T } | { ok: false; error: unknown };

export interface JanitorPass {
  expiredRows: StepOutcome<ExpiredRowCounts>;
  unusedUploads: StepOutcome<UploadPruneCounts>;
}

async function outcome<T>(step: () => Promise<T>): Promise<StepOutcome<T>> {
  try {
    return { ok: true, counts: await step() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The janitor's pass, as the server runs it on a timer and `npm run cleanup` runs it once: expired
 * sessions, OAuth states, sign-in challenges, ended rate-limit windows, lookup counts a day old and
 * refused claim attempts 90 days old, then the images no meme uses once they are a day old. Each step
 * runs even when the other fails (a full disk, a database that cannot be read), so one stuck step does
 * not let the other pile up.
 */
export async function runJanitorPass(db: Kysely<Database>, store: UploadStore, now: number): Promise<JanitorPass> {
  return {
    expiredRows: await outcome(async () => ({
      ...(await pruneExpired(db, now)),
      rateLimits: await deleteEndedRateLimits(db, now),
      lookupMinutes: await pruneLookupCounts(db, now),
      claimRefusals: await pruneOldRefusals(db, now),
    })),
    unusedUploads: await outcome(() => pruneUnusedUploads(db, store, now)),
  };
}
