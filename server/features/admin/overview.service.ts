import type { Kysely } from 'kysely';
import type { AdminOverview, LaunchState } from '@shared/schemas/admin-console';
import type { Database } from '../../platform/db/schema.js';
import type { UpstreamSource, UpstreamState } from '../../platform/lib/upstream-state.js';
import { newestAuditEntry } from '../audit/index.js';
import { newestBackupIn } from '../backups/index.js';
import { countClaimsSince } from '../claims/index.js';
import { disputeCounts } from '../disputes/index.js';
import { launchSettings } from '../launch/index.js';
import { lookupsInLastHour } from '../lookups/index.js';

const dayMs = 24 * 60 * 60 * 1000;

export interface OverviewSources {
  db: Kysely<Database>;
  backupDir: string;
  now: number;
  databaseReachable: boolean;
  upstreams: Partial<Record<UpstreamSource, UpstreamState | null>>;
  /** Whether the list is public as the process's gate sees it (a block reveal needs the chain tip). */
  revealedByGate: () => Promise<boolean>;
}

/**
 * The launch switches as stored now (not the 5 s copy each process answers from), so the console
 * shows a change at once; a block reveal not yet recorded is asked of the gate.
 */
export async function readLaunchState(db: Kysely<Database>, now: number, revealedByGate: () => Promise<boolean>): Promise<LaunchState> {
  const state = await launchSettings(db);
  const schedule = state.revealSchedule;
  let revealed: boolean;
  if (state.revealedAt !== null || schedule === null || schedule.kind === 'now') revealed = true;
  else if (schedule.kind === 'time') revealed = now >= Date.parse(schedule.at);
  else revealed = await revealedByGate();
  return {
    allocation: {
      revealed,
      revealedAt: state.revealedAt === null ? null : new Date(state.revealedAt).toISOString(),
      revealsAt: schedule?.kind === 'time' ? schedule.at : null,
      revealsAtBlock: schedule?.kind === 'block' ? schedule.height : null,
    },
    pause: state.pause ? { reason: state.pause.reason, since: new Date(state.pause.since).toISOString() } : null,
    notice: state.notice ? { en: state.notice.en, zh: state.notice.zh } : null,
  };
}

/**
 * The newest backup: the newest complete one in BACKUP_DIR (scheduled or by command) or the audit log's
 * newest `backup` entry (a command's, possibly written elsewhere with --to), whichever is newer.
 */
async function lastBackup(db: Kysely<Database>, backupDir: string): Promise<AdminOverview['lastBackup']> {
  const inDir = newestBackupIn(backupDir);
  const entry = await newestAuditEntry(db, 'backup');
  const entryAt = entry ? Number(entry.at) : null;
  if (inDir && (entryAt === null || inDir.createdAt.getTime() >= entryAt - 60_000 || entry?.target === inDir.name)) {
    return {
      at: inDir.createdAt.toISOString(),
      file: inDir.name,
      checked: inDir.filesPresent,
      by: entry?.target === inDir.name ? entry.actor : null,
    };
  }
  if (entry && entryAt !== null) {
    return { at: new Date(entryAt).toISOString(), file: entry.target ?? '', checked: false, by: entry.actor };
  }
  return null;
}

export async function readOverview(sources: OverviewSources): Promise<AdminOverview> {
  const { db, now } = sources;
  const [disputes, claimsToday, lookupsLastHour, launch, backup] = await Promise.all([
    disputeCounts(db),
    countClaimsSince(db, now - (now % dayMs)),
    lookupsInLastHour(db, now),
    readLaunchState(db, now, sources.revealedByGate),
    lastBackup(db, sources.backupDir),
  ]);
  return {
    at: new Date(now).toISOString(),
    openDisputes: disputes.open,
    claimsToday,
    lookupsLastHour,
    databaseReachable: sources.databaseReachable,
    upstreams: Object.entries(sources.upstreams).map(([source, state]) => ({ source: source as UpstreamSource, state: state ?? null })),
    launch,
    lastBackup: backup,
  };
}
