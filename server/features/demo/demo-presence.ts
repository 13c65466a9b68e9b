import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { CachedSource } from '../../platform/lib/cached-source.js';
import { demoRowsPresent } from './demo-counts.js';

/**
 * Re-read this often: `npm run demo:remove` runs beside a live server, so the answer cannot be fixed
 * at start, yet every page load asks for it.
 */
export const demoPresenceTtlMs = 10_000;

export interface DemoPresence {
  /**
   * Whether demo rows are present, read from the database at most once per TTL (concurrent callers
   * share one read); when a read fails, the last answer if there is one, held for another TTL.
   */
  get(): Promise<boolean>;
  /** The answer get() would give without reading, or null when it needs a read. */
  current(): boolean | null;
}

export function createDemoPresence(db: Kysely<Database>, now: () => number = Date.now): DemoPresence {
  const present = new CachedSource(() => demoRowsPresent(db), demoPresenceTtlMs, demoPresenceTtlMs, now, { waitPastTtl: true });
  return {
    current: () => present.current()?.value ?? null,
    get: async () => (await present.get()).value,
  };
}
