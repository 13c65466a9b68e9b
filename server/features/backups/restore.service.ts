import path from 'node:path';
import type { AppConfig } from '../../platform/config.js';
import { readManifest, type BackupManifest } from './backup-manifest.js';
import { check, CheckFailed, type Report } from './restore-checks.js';
import type { AfterReveal, PublishedRootRow } from '../allocation/index.js';
import { checkPublishedRoot } from './restore-published-roots.js';
import { restorePostgres } from './restore-postgres.js';
import { restoreSqlite } from './restore-sqlite.js';

;

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** The backup folder (`acorn-backup-…`). */
  backup: string;
  /** SQLite: the DATA_DIR to restore into (default the configured one). */
  dataDir?: string;
  /** SQLite: replace a non-empty DATA_DIR (never one a server is running on). */
  force?: boolean;
  /** Each check as it passes or fails. */
  onCheck?: Report;
  /** SQLite: replace the root the target's list was published with (`--after-reveal --reason`). */
  afterReveal?: AfterReveal;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data now is: the DATA_DIR, or the PostgreSQL database. */
  target: string;
  /** SQLite: the published roots of the database replaced, for the restored one to keep (restore-published-roots.ts). */
  publishedRoots?: PublishedRootRow[] | null;
}

/**
 * Brings a backup back after checking it whole: every file's sha256, the database's integrity, its
 * schema version, row counts and allocation root against the manifest. A failed check refuses the
 * restore with the target left as it was.
 */
export async function restoreBackup(config: AppConfig, { backup, dataDir, force = false, onCheck = () => {}, afterReveal }: RestoreOptions): Promise<RestoreResult> {
  const folder = path.resolve(backup);
  try {
    let manifest: BackupManifest;
    try {
      manifest = readManifest(folder);
    } catch (error) {
      return check(onCheck, false, (error as Error).message);
    }
    const wanted = config.databaseUrl ? 'postgres' : 'sqlite';
    check(
      onCheck,
      manifest.dialect === wanted,
      manifest.dialect === wanted
        ? `manifest of backup ${manifest.id}, taken ${manifest.createdAt} (${manifest.dialect})`
        : `the backup is of a ${manifest.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} database; ${
            manifest.dialect === 'postgres' ? 'set DATABASE_URL to the empty database to restore into' : 'unset DATABASE_URL to restore into a DATA_DIR'
          }`,
    );
    if (manifest.dialect === 'postgres') {
      await restorePostgres(onCheck, { backup: folder, manifest, databaseUrl: config.databaseUrl! });
      return { manifest, target: 'the database DATABASE_URL names' };
    }
    const target = path.resolve(dataDir ?? config.dataDir);
    const publishedRoots = await checkPublishedRoot(onCheck, { dataDir: target, manifest, afterReveal });
    await restoreSqlite(onCheck, { backup: folder, manifest, dataDir: target, force });
    return { manifest, target, publishedRoots };
  } catch (error) {
    if (error instanceof CheckFailed) throw new RestoreRefused(error.message, { cause: error });
    throw error;
  }
}
