/** When the list becomes public: at once, at a time, or at a block height. */
export type RevealSchedule = { kind: 'now' } | { kind: 'time'; at: string } | { kind: 'block'; height: number };

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `2026-12-01T15:00:00Z` (an ISO time with its zone, so every process reads the same moment) or
 * `block:N`. The time is kept as the canonical UTC string pages show.
 */
export function parseRevealSchedule(raw: string): Parsed<RevealSchedule> {
  const text = raw.trim();
  const block = /^block:(\d{1,9})$/.exec(text);
  if (block) {
    const height = Number(block[1]);
    return height > 0 ? { ok: true, value: { kind: 'block', height } } : { ok: false, problem: 'the block height must be above 0' };
  }
  if (text.startsWith('block:')) return { ok: false, problem: 'block:N needs a whole block height, e.g. block:925000' };
  const at = Date.parse(text);
  if (!isoTime.test(text) || Number.isNaN(at)) {
    return { ok: false, problem: 'must be an ISO time with its zone (2026-12-01T15:00:00Z) or block:N' };
  }
  return { ok: true, value: { kind: 'time', at: new Date(at).toISOString() } };
}

export function describeSchedule(schedule: RevealSchedule): string {
  if (schedule.kind === 'now') return 'at once';
  if (schedule.kind === 'time') return `at ${schedule.at}`;
  return `at block ${schedule.height.toLocaleString('en-US')}`;
}

/**
 * A reveal set at `now` against the chain tip `tip` (null: no explorer answered): `due` would make the
 * list public at once (a time already past, a block already reached), `ahead` hides it until then,
 * `unknown` is a block while no tip is known. `why` says which, in words an operator reads.
 */
export function revealTiming(schedule: RevealSchedule, now: number, tip: number | null): { timing: 'due' | 'ahead' | 'unknown'; why: string } {
  if (schedule.kind === 'now') return { timing: 'due', why: 'the reveal is at once' };
  if (schedule.kind === 'time') {
    const clock = `it is now ${new Date(now).toISOString()}`;
    return Date.parse(schedule.at) <= now
      ? { timing: 'due', why: `${schedule.at} is in the past (${clock})` }
      : { timing: 'ahead', why: `${schedule.at} is still ahead (${clock})` };
  }
  const block = `block ${schedule.height.toLocaleString('en-US')}`;
  if (tip === null) return { timing: 'unknown', why: `${block} cannot be held against the chain tip (no block explorer answered)` };
  const known = `the chain tip is ${tip.toLocaleString('en-US')}`;
  return tip >= schedule.height ? { timing: 'due', why: `${block} is already reached (${known})` } : { timing: 'ahead', why: `${block} is still ahead (${known})` };
}
