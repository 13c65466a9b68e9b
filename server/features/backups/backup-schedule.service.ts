import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../platform/config.js';
import type { DialectName } from '../../platform/db/connect.js';
import { inOneProcessTurn } from '../../platform/db/one-process-turn.js';
import type { Database } from '../../platform/db/schema.js';
import { type CompleteBackup, listCompleteBackups, removeOldBackups } from './backup-rotation.js';
import { type BackupResult, createBackup } from './backup.service.js';

/** With no backup yet, the first is taken this long after start (not at once: a start is busy enough). */
export const firstBackupDelayMs = 5 * 60_000;
/** After a failed backup (a full disk, say) the next try waits this long, or the interval when shorter. */
export const retryAfterFailureMs = 15 * 60_000;

export type ScheduledBackupOutcome =
  | { outcome: 'taken'; backup: BackupResult; removed: string[] }
  | { outcome: 'busy' }
  | { outcome: 'failed'; error: unknown };

export interface BackupScheduleOptions {
  config: Pick<AppConfig, 'backupDir' | 'backupIntervalHours' | 'backupKeep'> & Parameters<typeof createBackup>[0];
  db: Kysely<Database>;
  dialect: DialectName;
  now?: () => number;
}

/** When the next scheduled backup is due: an interval after the last good one. */
export function nextBackupDue(lastGood: CompleteBackup | null, startedAt: number, intervalMs: number): number {
  return lastGood ? lastGood.createdAt.getTime() + intervalMs : startedAt + firstBackupDelayMs;
}

/** The advisory lock every process of one PostgreSQL database asks for before a scheduled backup. */
export const scheduledBackupLockKey = 7_215_432_001;

/** Runs `work` as the one process taking the scheduled backup, or answers 'busy'. */
function inTurn<T>({ config, db, dialect }: BackupScheduleOptions, work: () => Promise<T>): Promise<T | 'busy'> {
  return inOneProcessTurn(db, dialect, { lockKey: scheduledBackupLockKey, lockFile: path.join(config.backupDir, '.scheduled-backup.lock') }, work);
}

/**
 * The server's backups every BACKUP_INTERVAL_HOURS into BACKUP_DIR, keeping the newest BACKUP_KEEP.
 * Older backups are removed only after a new one is complete and verified (createBackup renames it
 * into place only then), so a failed backup never costs the last good one. Several processes agree
 * on one taker: an advisory lock on PostgreSQL, a lock file in BACKUP_DIR on SQLite.
 */
export function createBackupSchedule(options: BackupScheduleOptions) {
  const { config, now = Date.now } = options;
  const intervalMs = config.backupIntervalHours * 3_600_000;
  const startedAt = now();

  let failedAt: number | null = null;

  const lastGood = (): CompleteBackup | null => listCompleteBackups(config.backupDir)[0] ?? null;
  const isDue = () => {
    const retryAt = failedAt === null ? 0 : failedAt + Math.min(intervalMs, retryAfterFailureMs);
    return Math.max(nextBackupDue(lastGood(), startedAt, intervalMs), retryAt) <= now();
  };

  return {
    lastGood,
    /** Takes the backup when it is due; null when it is not (or another process just took it). Never throws. */
    async tick(): Promise<ScheduledBackupOutcome | null> {
      try {
        if (!isDue()) return null;
        const turn = await inTurn(options, async () => {
          // Another process may have taken it while this one waited for its tick.
          if (!isDue()) return null;
          const backup = await createBackup(config, { to: config.backupDir, now });
          return { backup, removed: removeOldBackups(config.backupDir, config.backupKeep) };
        });
        if (turn === null) return null;
        failedAt = null;
        return turn === 'busy' ? { outcome: 'busy' } : { outcome: 'taken', ...turn };
      } catch (error) {
        failedAt = now();
        return { outcome: 'failed', error };
      }
    },
  };
}
