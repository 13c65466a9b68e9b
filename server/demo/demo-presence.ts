import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { demoRowsPresent } from './demo.repository.js';

/**
 * Re-read this often: `npm run demo:remove` runs beside a live server, so the answer cannot be fixed
 * at start, yet every page load asks for it.
 */
export const demoPresenceTtlMs = 10_000;

export interface DemoPresence {
  /**
   * Whether demo rows are present, read from the database at most once per TTL (concurrent callers
   * share one read); when a read fails, the last answer if there is one.
   */
  get(): Promise<boolean>;
  /** The answer get() would give without reading, or null when it needs a read. */
  current(): boolean | null;
}

export function createDemoPresence(db: Kysely<Database>, now: () => number = Date.now): DemoPresence {
  let cached: { value: boolean; readAt: number } | null = null;
  let reading: Promise<boolean> | null = null;
  const current = () => (cached && now() - cached.readAt < demoPresenceTtlMs ? cached.value : null);
  return {
    current,
    async get() {
      const known = current();
      if (known !== null) return known;
      reading ??= demoRowsPresent(db)
        .then(
          (value) => {
            cached = { value, readAt: now() };
            return value;
          },
          (error: unknown) => {
            // The database away: the last answer stands for another TTL, so pages still get their config.
            if (!cached) throw error;
            cached = { value: cached.value, readAt: now() };
            return cached.value;
          },
        )
        .finally(() => {
          reading = null;
        });
      return reading;
    },
  };
}
