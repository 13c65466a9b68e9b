import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle, type DialectName } from '../db/connect.js';
import type { ConnectionPool } from '../db/connection-pool.js';
import type { DatabaseHealth } from '../db/database-health.js';
import { databaseRetryAfterSeconds } from '../db/database-unavailable.js';
import { prepareSchema } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDialect: DialectName;
    /** Whether the database answers right now (/readyz). */
    databaseHealth: DatabaseHealth;
    /** The connection pool's state now (load shedding, metrics). */
    databasePool: ConnectionPool;
  }
}

export interface DatabasePluginOptions {
  config: AppConfig;
  /** Tests and scripts may hand in a database they already opened. */
  handle?: DatabaseHandle;
}

export default fp<DatabasePluginOptions>(
  async (app, { config, handle }) => {
    const { db, dialect, health, pool } = handle ?? connectDatabase(config, { queryTimeoutMs: config.databaseQueryTimeoutMs });
    app.decorate('db', db);
    app.decorate('dbDialect', dialect);
    app.decorate('databaseHealth', health);
    app.decorate('databasePool', pool);
    // One line when the database goes away and one when it is back, however many requests fail in between.
    const stopTelling = health.onChange((change) => {
      if (change.reachable) app.log.info({ downForMs: change.downForMs }, 'database reachable again');
      else {
        app.log.error(
          { err: change.error },
          `database unreachable: requests that need it answer 503 DATABASE_UNAVAILABLE (Retry-After: ${databaseRetryAfterSeconds}) until it is back`,
        );
      }
    });
    app.addHook('onClose', async () => {
      stopTelling();
      if (!handle) await db.destroy();
    });
    await prepareSchema(db, config);
  },
  { name: 'database' },
);
