import type { Kysely } from 'kysely';
import type { AppConfig } from '../../platform/config.js';
import type { DialectName } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { createDatabaseUploadStore } from './database-upload-store.js';
import { createDiskUploadStore } from './disk-upload-store.js';
import type { UploadStore, UploadStoreOptions } from '../../platform/lib/upload-store.js';

/**
 * PostgreSQL is the database of a deployment with several processes, so its images go where all of
 * them read: the database. SQLite is one process on one disk, so DATA_DIR/uploads stays the store.
 */
export function createUploadStore(
  database: { db: Kysely<Database>; dialect: DialectName },
  config: Pick<AppConfig, 'dataDir' | 'uploadsMaxBytes'>,
  options: Omit<UploadStoreOptions, 'maxBytes'> = {},
): UploadStore {
  const settings = { ...options, maxBytes: config.uploadsMaxBytes };
  return database.dialect === 'postgres'
    ? createDatabaseUploadStore(database.db, settings)
    : createDiskUploadStore(config.dataDir, settings);
}
