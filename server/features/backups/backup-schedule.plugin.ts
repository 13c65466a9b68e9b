import fp from 'fastify-plugin';
import type { AppConfig } from '../../platform/config.js';
import { createBackupSchedule } from './backup-schedule.service.js';

/** How often the schedule looks whether a backup is due. */
const checkEveryMs = 60_000;

/**
 * Scheduled backups (BACKUP_INTERVAL_HOURS, BACKUP_KEEP into BACKUP_DIR), each logged, with the last
 * good backup in the start-up log. A failed backup is logged (unless the database is away: its outage
 * is logged once) and tried again later, never fatal.
 */
export default fp<{ config: AppConfig; now?: () => number }>(
  async (app, { config, now = Date.now }) => {
    if (config.backupIntervalHours === 0) {
      app.addHook('onReady', async () => {
        app.log.info({ backupDir: config.backupDir }, 'scheduled backups are off (BACKUP_INTERVAL_HOURS=0)');
      });
      return;
    }
    const schedule = createBackupSchedule({ config, db: app.db, dialect: app.dbDialect, now });
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;

    const lastGoodAt = () => {
      try {
        return schedule.lastGood()?.createdAt.toISOString() ?? null;
      } catch {
        return 'unknown: BACKUP_DIR could not be read';
      }
    };

    const run = async () => {
      const result = await schedule.tick();
      if (result?.outcome === 'taken') {
        const { folder, manifest } = result.backup;
        const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
        app.log.info({ backup: folder, bytes, removed: result.removed }, 'backup taken and verified');
      } else if (result?.outcome === 'busy') {
        app.log.info('backup skipped: another process is taking it');
      } else if (result?.outcome === 'failed' && !app.databaseHealth.outageCovers(result.error)) {
        app.log.error(
          { err: result.error, lastGoodBackup: lastGoodAt() },
          'scheduled backup failed; older backups are kept',
        );
      }
    };

    app.addHook('onReady', async () => {
      const lastGood = lastGoodAt();
      app.log.info(
        { backupDir: config.backupDir, everyHours: config.backupIntervalHours, keep: config.backupKeep },
        lastGood ? `last good backup: ${lastGood}` : 'no backup yet: the first is taken within minutes',
      );
      timer = setInterval(() => {
        running ??= run().finally(() => {
          running = undefined;
        });
      }, checkEveryMs).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'backup-schedule', dependencies: ['database'] },
);
