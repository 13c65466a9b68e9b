import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppConfig } from '../../platform/config.js';
import { connectDatabase, sqliteFile } from '../../platform/db/connect.js';
import { computeAllocationRoot } from '../allocation/index.js';
import type { BackupManifest } from './backup-manifest.js';
import { postgresServerVersion, readDatabaseSummary } from './backups.repository.js';
import { checkToolVersion, libpqUrl, runPostgresTool, searchPathSchema } from './postgres-tools.js';
import { copySqliteDatabase } from './sqlite-copy.js';

export const sqliteCopyName = 'app.sqlite';
export const postgresDumpName = 'database.dump';
export const uploadsFolder = 'uploads';
export const sessionSecretName = 'session-secret';

export interface BackupProgress {
  phase: 'database' | 'images';
  done: number;
  total: number;
  unit: 'bytes' | 'files';
}

/** What the manifest records of the database itself. */
export type DatabaseContent = Pick<BackupManifest, 'dialect' | 'postgresSchema' | 'schemaVersion' | 'tables' | 'allocation'>;

export async function copySqliteSource(
  config: Pick<AppConfig, 'dataDir'>,
  folder: string,
  onProgress?: (event: BackupProgress) => void,
): Promise<DatabaseContent> {
  const source = sqliteFile(config);
  if (!fs.existsSync(source)) throw new Error(`there is no database at ${source} (DATA_DIR)`);
  const copy = path.join(folder, sqliteCopyName);
  const description = await copySqliteDatabase(source, copy, {
    onProgress: (done, total) => onProgress?.({ phase: 'database', done, total, unit: 'bytes' }),
  });
  return { dialect: 'sqlite', postgresSchema: null, ...description };
}

/**
 * The images, after the database copy: every image a copied row names was written before the copy
 * began. Files being written (`*.tmp`) are left out, and a file the janitor removes meanwhile is skipped.
 */
export function copyUploads(
  config: Pick<AppConfig, 'dataDir'>,
  folder: string,
  onProgress?: (event: BackupProgress) => void,
): void {
  const source = path.join(config.dataDir, uploadsFolder);
  if (!fs.existsSync(source)) return;
  const target = path.join(folder, uploadsFolder);
  fs.mkdirSync(target, { mode: 0o700 });
  const names = fs.readdirSync(source).filter((name) => !name.endsWith('.tmp'));
  names.forEach((name, index) => {
    try {
      fs.copyFileSync(path.join(source, name), path.join(target, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    onProgress?.({ phase: 'images', done: index + 1, total: names.length, unit: 'files' });
  });
}

/** The key X tokens are sealed with, unless SESSION_SECRET supplies it (then the operator keeps that variable). */
export function copySessionSecret(config: Pick<AppConfig, 'dataDir' | 'sessionSecret'>, folder: string): BackupManifest['sessionSecret'] {
  if (config.sessionSecret) return 'environment';
  const source = path.join(config.dataDir, sessionSecretName);
  if (!fs.existsSync(source)) return 'absent';
  fs.copyFileSync(source, path.join(folder, sessionSecretName));
  return 'included';
}

/**
 * `pg_dump -Fc` of the schema the URL's search_path names (or the whole database) from a snapshot this
 * connection exports, so the row counts and the allocation root are read from exactly what is dumped.
 */
export async function dumpPostgresSource(config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>, folder: string): Promise<DatabaseContent> {
  const url = config.databaseUrl!;
  const { db } = connectDatabase(config);
  try {
    await checkToolVersion('pg_dump', await postgresServerVersion(db));
    const schema = searchPathSchema(url);
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx);
        const file = path.join(folder, postgresDumpName);
        const only = schema ? ['--schema', schema] : [];
        await runPostgresTool('pg_dump', ['-Fc', `--snapshot=${rows[0]!.snapshot}`, ...only, '--file', file, '--dbname', libpqUrl(url)]);
        if (!fs.existsSync(file) || fs.statSync(file).size === 0) throw new Error(`pg_dump wrote no ${postgresDumpName}`);
        const summary = await readDatabaseSummary(trx, 'postgres');
        return { dialect: 'postgres' as const, postgresSchema: schema, ...summary, allocation: await computeAllocationRoot(trx) };
      });
  } finally {
    await db.destroy();
  }
}
