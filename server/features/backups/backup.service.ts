import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type AppConfig, isInside } from '../../platform/config.js';
import { describeFiles, findFileProblems, restrictToOwner } from './backup-files.js';
import { type BackupManifest, backupIdFileName, manifestFormat, writeManifest } from './backup-manifest.js';
import { type BackupProgress, copySessionSecret, copySqliteSource, copyUploads, dumpPostgresSource } from './backup-sources.js';

export const backupNamePrefix = 'acorn-backup-';

export class BackupError extends Error {}

export interface BackupOptions {
  /** The folder the backup goes into (default BACKUP_DIR). */
  to?: string;
  onProgress?: (event: BackupProgress) => void;
  now?: () => number;
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
}

/** `acorn-backup-20261126T101500Z`: sorting the names sorts the backups by time. */
export function backupName(createdAt: Date): string {
  return `${backupNamePrefix}${createdAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
}

function freeName(folder: string, name: string): string {
  for (let n = 1; ; n += 1) {
    const candidate = path.join(folder, n === 1 ? name : `${name}-${n}`);
    if (!fs.existsSync(candidate)) return candidate;
  }
}

function reason(error: unknown, folder: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') return `no space left on the device of ${folder}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A consistent copy of everything the product keeps, written into a hidden `.incomplete-<id>` folder,
 * each file's sha256 checked after writing, then renamed to its final, sortable name. A backup that fails
 * leaves nothing behind; one that completes is readable by its owner only (it holds the session secret).
 */
export async function createBackup(config: AppConfig, { to, onProgress, now = Date.now }: BackupOptions = {}): Promise<BackupResult> {
  const folder = path.resolve(to ?? config.backupDir);
  if (isInside(folder, config.dataDir)) {
    throw new BackupError(`the backup folder ${folder} is inside DATA_DIR (${config.dataDir}): choose one outside it (BACKUP_DIR or --to)`);
  }
  const id = randomUUID();
  const createdAt = new Date(now());
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temp = path.join(folder, `.incomplete-${id}`);
  fs.mkdirSync(temp, { mode: 0o700 });
  try {
    const content = config.databaseUrl ? await dumpPostgresSource(config, temp) : await copySqliteSource(config, temp, onProgress);
    if (!config.databaseUrl) copyUploads(config, temp, onProgress);
    const sessionSecret = copySessionSecret(config, temp);
    fs.writeFileSync(path.join(temp, backupIdFileName), `${id}\n`);
    restrictToOwner(temp);
    const files = await describeFiles(temp);
    const manifest: BackupManifest = { format: manifestFormat, id, createdAt: createdAt.toISOString(), ...content, sessionSecret, files };
    writeManifest(temp, manifest);
    const problems = await findFileProblems(temp, files);
    if (problems.length) throw new Error(`${problems.map((problem) => problem.path).join(', ')} changed after it was written`);
    const final = freeName(folder, backupName(createdAt));
    fs.renameSync(temp, final);
    return { folder: final, manifest };
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw new BackupError(`the backup failed and nothing was kept: ${reason(error, folder)}`, { cause: error });
  }
}
