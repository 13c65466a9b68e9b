import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { demoRowsPresent } from './demo.repository.js';

/**
 * Re-read this often: `npm run demo:remove` runs beside a live server, so the answer cannot be fixed
 * at start, yet every page load asks for it.
 */
export const demoPresenceTtlMs = 10_000;

/** Whether demo rows are present, read from the database at most once per TTL (concurrent callers share one read). */
export function createDemoPresence(db: Kysely<Database>, now: () => number = Date.now): () => Promise<boolean> {
  let cached: { value: boolean; readAt: number } | null = null;
  let reading: Promise<boolean> | null = null;
  return async () => {
    if (cached && now() - cached.readAt < demoPresenceTtlMs) return cached.value;
    reading ??= demoRowsPresent(db)
      .then((value) => {
        cached = { value, readAt: now() };
        return value;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}
