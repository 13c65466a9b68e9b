import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { addLookupCounts, deleteLookupCountsBefore, sumLookupCounts } from './lookup-counts.repository.js';

const minuteMs = 60_000;

/** How often a process adds its counts to the shared table. */
export const lookupFlushMs = 5_000;

/** Minutes kept in the table (the overview reads the last 60). */
const lookupMinutesKept = 24 * 60;

const minuteOf = (ms: number) => Math.floor(ms / minuteMs);

/**
 * One process's lookups by minute, counted in memory: a lookup costs a clock read and an addition,
 * never a write. `flush` adds the counts to the table every process adds to; counts a failed write
 * could not add are kept for the next one.
 */
export function createLookupTally(db: Kysely<Database>, now: () => number) {
  let minute = minuteOf(now());
  let count = 0;
  // Earlier minutes not yet written (a minute turned between two flushes, or a write failed).
  const pending = new Map<number, number>();
  let flushing: Promise<void> | null = null;

  const keep = (at: number, n: number) => pending.set(at, (pending.get(at) ?? 0) + n);

  async function write(): Promise<void> {
    if (count > 0) keep(minute, count);
    count = 0;
    if (pending.size === 0) return;
    const batch = new Map(pending);
    pending.clear();
    try {
      await addLookupCounts(db, batch);
    } catch (error) {
      for (const [at, n] of batch) keep(at, n);
      throw error;
    }
  }

  return {
    counted(): void {
      const at = minuteOf(now());
      if (at !== minute) {
        if (count > 0) keep(minute, count);
        minute = at;
        count = 0;
      }
      count += 1;
    },
    /** Adds what was counted since the last flush; one write at a time. */
    flush(): Promise<void> {
      flushing ??= write().finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}

export type LookupTally = ReturnType<typeof createLookupTally>;

/** Every process's lookups in the 60 minutes up to `now` (the current minute included). */
export const lookupsInLastHour = (db: Kysely<Database>, now: number) => sumLookupCounts(db, minuteOf(now) - 59);

/** The janitor's step: minutes older than a day go. */
export const pruneLookupCounts = (db: Kysely<Database>, now: number) => deleteLookupCountsBefore(db, minuteOf(now) - lookupMinutesKept);
