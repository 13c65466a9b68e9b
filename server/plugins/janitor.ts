import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { pruneExpired } from '../features/auth/pruning.service.js';

/**
 * Deletes expired sessions, OAuth states and sign-in challenges once when the app is ready and then
 * on a timer, so dead credentials do not pile up between logins. A failed run is logged, never fatal.
 */
export default fp<{ config: AppConfig; now?: () => number }>(
  async (app, { config, now = Date.now }) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;

    const prune = async () => {
      try {
        app.log.info({ pruned: await pruneExpired(app.db, now()) }, 'pruned expired rows');
      } catch (error) {
        app.log.error({ err: error }, 'pruning expired rows failed');
      }
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
