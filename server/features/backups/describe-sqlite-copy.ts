import { openSqliteCopy } from '../../platform/db/open-sqlite-file.js';
import { computeAllocationRoot } from '../allocation/index.js';
import type { BackupManifest } from './backup-manifest.js';
import { readDatabaseSummary } from './backups.repository.js';

export type SqliteCopyDescription = Pick<BackupManifest, 'schemaVersion' | 'tables' | 'allocation'>;

/** The copied database's row counts, schema version and allocation root, read from the copy (not the live file, which moves on). */
export async function describeSqliteCopy(file: string): Promise<SqliteCopyDescription> {
  const { db } = openSqliteCopy(file);
  try {
    return { ...(await readDatabaseSummary(db, 'sqlite')), allocation: await computeAllocationRoot(db) };
  } finally {
    await db.destroy();
  }
}
