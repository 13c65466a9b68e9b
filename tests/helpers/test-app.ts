import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type App, type AppOverrides, buildApp } from '../../server/app.js';
import { type AppConfig, loadConfig } from '../../server/platform/config.js';
import { connectDatabase, type DatabaseHandle } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import type { Database } from '../../server/platform/db/schema.js';
import { createPostgresSchema, postgresUrl } from './test-database.js';

export interface TestContext {
  config: AppConfig;
  handle: DatabaseHandle;
  /** A fresh app on the shared database; close it (or call `close()` on the context). */
  app: App;
  close: () => Promise<void>;
}

/** Config for tests: a temp DATA_DIR, a fresh database (SQLite file or PostgreSQL schema), no client build, no simulated X. */
export async function testConfig(env: Record<string, string> = {}): Promise<{ config: AppConfig; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-test-'));
  const pgSchema = postgresUrl ? await createPostgresSchema() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-cookies',
    LOG_LEVEL: 'silent',
    // Beside DATA_DIR (never inside it), and no backups on a timer unless a test asks for them.
    BACKUP_DIR: `${dataDir}-backups`,
    BACKUP_INTERVAL_HOURS: '0',
    // No load shedding unless a test asks for it: a busy test machine's loop delays must not shed a test's requests.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // No per-IP lookup limit unless a test asks for it: fuzz and browser tests look up far more than a visitor.
    LOOKUP_RATE_LIMIT: '0',
    // No payout check reaches a real explorer: a test that checks payouts names its fake.
    EXPLORER_API_URLS: 'http://127.0.0.1:9/no-explorer-in-tests',
    // Tests ask for the simulated X explicitly (X_SIMULATED=true); otherwise X is real (fake) or off.
    X_SIMULATED: 'false',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
    ...env,
  });
  return {
    config,
    cleanup: async () => {
      await pgSchema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(config.backupDir, { recursive: true, force: true });
    },
  };
}

/** `overrides.now` sets the clock of the upstream caches. */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Pick<AppOverrides, 'now'> = {},
): Promise<TestContext> {
  const { config, cleanup } = await testConfig(env);
  const handle = connectDatabase(config);
  await migrateToLatest(handle.db);
  const app = await buildApp(config, { ...overrides, database: handle, logStream: false });
  await app.ready();
  return {
    config,
    handle,
    app,
    close: async () => {
      await app.close();
      await handle.db.destroy();
      await cleanup();
    },
  };
}

/** The `name=value` pair of a Set-Cookie header, to send back as a Cookie header. */
export function cookiePair(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('no Set-Cookie header');
  return header.split(';')[0]!;
}

export interface TestDatabase {
  config: AppConfig;
  db: Kysely<Database>;
  close: () => Promise<void>;
}

/** A migrated database without an app, for service and CLI tests. */
export async function createTestDatabase(env: Record<string, string> = {}): Promise<TestDatabase> {
  const { config, cleanup } = await testConfig(env);
  const { db } = connectDatabase(config);
  await migrateToLatest(db);
  return {
    config,
    db,
    close: async () => {
      await db.destroy();
      await cleanup();
    },
  };
}
