import fp from 'fastify-plugin';
import type { AppConfig } from '../../platform/config.js';
import { runJanitorPass } from './janitor.service.js';
import type { UploadStore } from '../../platform/lib/upload-store.js';

/**
 * Runs the janitor's pass (expired sessions, OAuth states and sign-in challenges, ended rate-limit
 * windows, old lookup counts and refused claim attempts, and images no meme uses once they are a day
 * old) once when the app is ready and then on a timer, so dead credentials, rows and files do not pile
 * up. A failed run is logged (unless the database is away: its outage is logged once), never fatal.
 */
export default fp<{ config: AppConfig; store: UploadStore; now?: () => number }>(
  async (app, { config, store, now = Date.now }) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;

    const prune = async () => {
      const { expiredRows, unusedUploads } = await runJanitorPass(app.db, store, now());
      const health = app.databaseHealth;
      if (expiredRows.ok) app.log.info({ pruned: expiredRows.counts }, 'pruned expired rows');
      else if (!health.outageCovers(expiredRows.error)) app.log.error({ err: expiredRows.error }, 'pruning expired rows failed');
      if (unusedUploads.ok) app.log.info({ pruned: { uploads: unusedUploads.counts } }, 'pruned unused uploads');
      else if (!health.outageCovers(unusedUploads.error)) app.log.error({ err: unusedUploads.error }, 'pruning unused uploads failed');
    };

    // One run at a time; close waits for it so the database is not closed under a running delete.
    const run = () => {
      running ??= prune().finally(() => {
        running = undefined;
      });
      return running;
    };

    app.addHook('onReady', async () => {
      await run();
      // unref: the timer alone never keeps the process alive.
      timer = setInterval(() => void run(), config.pruneIntervalMs).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'janitor', dependencies: ['database'] },
);
