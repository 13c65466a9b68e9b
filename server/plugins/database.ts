import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle, type DialectName } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDialect: DialectName;
  }
}

export interface DatabasePluginOptions {
  config: AppConfig;
  /** Tests and scripts may hand in a database they already opened. */
  handle?: DatabaseHandle;
}

export default fp<DatabasePluginOptions>(
  async (app, { config, handle }) => {
    const { db, dialect } = handle ?? connectDatabase(config);
    app.decorate('db', db);
    app.decorate('dbDialect', dialect);
    await migrateToLatest(db);
    if (!handle) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'database' },
);
