import type { Kysely } from 'kysely';
import type { LaunchPublicState } from '@shared/schemas/config';
import type { Database } from '../../platform/db/schema.js';
import { CachedSource } from '../../platform/lib/cached-source.js';
import {
  getLaunchSettings,
  type LaunchSettings,
  recordRevealedAt,
  seedRevealSchedule,
  setNotice,
  setPause,
  setRevealSchedule,
  type StoredNotice,
} from '../settings/index.js';
import { type RevealSchedule, revealTiming } from '../../platform/reveal-schedule.js';

export { parseRevealSchedule } from '../../platform/reveal-schedule.js';
export type { RevealSchedule };

/** How long a process answers from the launch state it read: a command is followed within this. */
export const launchStateTtlMs = 5_000;

/** What a paused call tells the client to wait before asking again. */
export const pauseRetryAfterSeconds = 60;

/** A gated call's refusal, or null to let it through. */
export type GateVerdict =
  | { status: 403; body: { error: 'NOT_YET_REVEALED'; message: string; revealsAt: string | null; revealsAtBlock: number | null } }
  | { status: 503; retryAfterSeconds: number; body: { error: 'LOOKUPS_PAUSED'; message: string; reason: string } }
  | null;

/** The chain's tip height as the chain feature caches it (null while none is known). */
export interface TipSource {
  currentTipHeight(): { height: number } | null;
  tipHeight(): Promise<{ height: number }>;
}

/**
 * What the reveal sets off beyond the launch state: the allocation feature records the published
 * list's root. Handed in by the composition, so launch stays below the features it gates.
 */
export type OnReveal = (db: Kysely<Database>, at: number) => Promise<unknown>;

interface LaunchMonitorDeps {
  db: Kysely<Database>;
  chain: TipSource;
  now: () => number;
  onReveal: OnReveal;
  onError?: (error: unknown) => void;
}

function revealedBy(settings: LaunchSettings, now: number, tip: number | null): boolean {
  const schedule = settings.revealSchedule;
  if (settings.revealedAt !== null || schedule === null || schedule.kind === 'now') return true;
  if (schedule.kind === 'time') return now >= Date.parse(schedule.at);
  return tip !== null && tip >= schedule.height;
}

/**
 * A scheduled reveal not yet recorded: the first process to see it come records when. With no
 * schedule nothing is written, so a schedule set later still applies.
 */
const awaitsRecord = (settings: LaunchSettings) =>
  settings.revealedAt === null && (settings.revealSchedule?.kind === 'time' || settings.revealSchedule?.kind === 'block');

/** Waits on the explorer only for a block reveal not yet seen; after the reveal no call needs a tip. */
const waitsForBlock = (settings: LaunchSettings) => settings.revealedAt === null && settings.revealSchedule?.kind === 'block';

/**
 * The launch state of one process: read from the database at most once per `launchStateTtlMs`
 * (concurrent callers share the read), so a gated call costs no query while it is fresh; with the
 * database away the last state read stands rather than opening or closing everything. The first
 * process to see the reveal come records it.
 */
export function createLaunchMonitor({ db, chain, now, onReveal, onError = () => {} }: LaunchMonitorDeps) {
  const stored = new CachedSource(() => getLaunchSettings(db), launchStateTtlMs, launchStateTtlMs, now, { waitPastTtl: true });
  // The reveal this process recorded, applied to the state it was seen in until the next read brings it.
  let recorded: { read: LaunchSettings; revealed: LaunchSettings } | null = null;
  let recording: Promise<unknown> | null = null;

  const withRecord = (read: LaunchSettings) => (recorded?.read === read ? recorded.revealed : read);
  const fresh = (): LaunchSettings | null => {
    const current = stored.current();
    return current && withRecord(current.value);
  };
  const settings = (): LaunchSettings | Promise<LaunchSettings> => fresh() ?? stored.get().then((read) => withRecord(read.value));

  /** `read` is a state as read (one with the reveal recorded awaits no record). */
  function record(read: LaunchSettings): void {
    const at = now();
    // This process answers as revealed at once; the database has it for every other one.
    recorded = { read, revealed: { ...read, revealedAt: at } };
    // The list's root as it stands is published with the reveal (published-roots.service.ts).
    recording ??= recordRevealedAt(db, at)
      .then(() => onReveal(db, at))
      .catch(onError)
      .finally(() => {
        recording = null;
      });
  }

  function tipNow(): number | null {
    return chain.currentTipHeight()?.height ?? null;
  }

  function verdictFor(current: LaunchSettings, tip: number | null): GateVerdict {
    if (current.pause) {
      return {
        status: 503,
        retryAfterSeconds: pauseRetryAfterSeconds,
        body: { error: 'LOOKUPS_PAUSED', message: 'Allocation lookups are paused for a moment.', reason: current.pause.reason },
      };
    }
    if (revealedBy(current, now(), tip)) {
      if (awaitsRecord(current)) record(current);
      return null;
    }
    const schedule = current.revealSchedule!;
    return {
      status: 403,
      body: {
        error: 'NOT_YET_REVEALED',
        message: 'The allocation list is not public yet.',
        revealsAt: schedule.kind === 'time' ? schedule.at : null,
        revealsAtBlock: schedule.kind === 'block' ? schedule.height : null,
      },
    };
  }

  function decide(current: LaunchSettings): GateVerdict | Promise<GateVerdict> {
    if (current.pause || !waitsForBlock(current)) return verdictFor(current, null);
    const tip = tipNow();
    if (tip !== null) return verdictFor(current, tip);
    return chain.tipHeight().then(
      (known) => verdictFor(current, known.height),
      () => verdictFor(current, null),
    );
  }

  let lastPublic: { settings: LaunchSettings; revealed: boolean; value: LaunchPublicState } | null = null;
  function publicFor(current: LaunchSettings): LaunchPublicState {
    const revealed = revealedBy(current, now(), waitsForBlock(current) ? tipNow() : null);
    if (revealed && awaitsRecord(current)) record(current);
    // The same object while nothing changed: /api/config serialises each value once.
    if (lastPublic?.settings !== current || lastPublic.revealed !== revealed) {
      const schedule = current.revealSchedule;
      lastPublic = {
        settings: current,
        revealed,
        value: {
          allocation: {
            revealed,
            revealsAt: schedule?.kind === 'time' ? schedule.at : null,
            revealsAtBlock: schedule?.kind === 'block' ? schedule.height : null,
          },
          pause: current.pause ? { reason: current.pause.reason } : null,
          notice: current.notice ? { en: current.notice.en, zh: current.notice.zh } : null,
        },
      };
    }
    return lastPublic.value;
  }

  return {
    /** The chain tip this process knows, else asked of the explorers; null when none answers (a reveal-at at a block). */
    async tipHeight(): Promise<number | null> {
      return tipNow() ?? chain.tipHeight().then(
        (known) => known.height,
        () => null,
      );
    },
    /** The verdict for a gated call: synchronous while the state is fresh and no explorer is needed. */
    check(): GateVerdict | Promise<GateVerdict> {
      const current = settings();
      return current instanceof Promise ? current.then(decide) : decide(current);
    },
    /** What /api/config says about the reveal, the pause and the notice; null when a read is needed (then `publicState`). */
    currentPublicState(): LaunchPublicState | null {
      const current = fresh();
      if (current && waitsForBlock(current) && tipNow() === null) chain.tipHeight().catch(() => {});
      return current && publicFor(current);
    },
    async publicState(): Promise<LaunchPublicState> {
      return publicFor(await settings());
    },
  };
}

export type LaunchMonitor = ReturnType<typeof createLaunchMonitor>;

/** ALLOCATION_REVEAL_AT applies only while no schedule is stored: a command run since wins. */
export const seedReveal = (db: Kysely<Database>, schedule: RevealSchedule | null, now = Date.now()) =>
  schedule ? seedRevealSchedule(db, schedule, now) : Promise.resolve(false);

/** Why a reveal-at is refused: `due` publishes the list at once unasked, `ahead` asks to publish at once a reveal still to come. */
export interface RevealAtRefusal {
  reason: 'due' | 'ahead';
  /** The time or block against the clock or the chain tip, in words (`2025-12-01T15:00:00.000Z is in the past (…)`). */
  why: string;
}

/**
 * Whether a reveal-at may be stored. One already due (a time past, a block the tip `tip` has reached)
 * makes the list public at once, so a wrong year or block is caught unless the operator says so
 * (`publishNow`: `--now`, `"now": true`); saying so of a reveal still ahead is refused too, since the
 * two ask for different things. A block while no tip is known (`tip` null) is taken as given.
 */
export function revealAtRefusal(schedule: RevealSchedule, { now, tip, publishNow }: { now: number; tip: number | null; publishNow: boolean }): RevealAtRefusal | null {
  const { timing, why } = revealTiming(schedule, now, tip);
  if (timing === 'due' && !publishNow) return { reason: 'due', why };
  if (timing === 'ahead' && publishNow) return { reason: 'ahead', why };
  return null;
}

export const revealAt = (db: Kysely<Database>, schedule: RevealSchedule, now = Date.now()) => setRevealSchedule(db, schedule, now);
export async function revealNow(db: Kysely<Database>, onReveal: OnReveal, now = Date.now()): Promise<void> {
  await setRevealSchedule(db, { kind: 'now' }, now);
  await onReveal(db, now);
}
export const pause = (db: Kysely<Database>, reason: string, now = Date.now()) => setPause(db, { reason, since: now }, now);
export const resume = (db: Kysely<Database>) => setPause(db, null);
export const setLaunchNotice = (db: Kysely<Database>, notice: StoredNotice | null) => setNotice(db, notice);
export const launchSettings = (db: Kysely<Database>) => getLaunchSettings(db);
