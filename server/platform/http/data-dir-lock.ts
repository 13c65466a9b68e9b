import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { holdDataDirLock } from '../db/data-dir-lock.js';

/**
 * On SQLite the server claims its DATA_DIR for as long as it runs (server/platform/db/data-dir-lock.ts), so a
 * restore can see it and refuses to write underneath it. On PostgreSQL DATA_DIR holds no data.
 */
export default fp<{ config: Pick<AppConfig, 'dataDir'> }>(
  async (app, { config }) => {
    if (app.dbDialect !== 'sqlite') return;
    const lock = holdDataDirLock(config.dataDir);
    app.addHook('onClose', async () => lock.release());
  },
  { name: 'data-dir-lock', dependencies: ['database'] },
);
