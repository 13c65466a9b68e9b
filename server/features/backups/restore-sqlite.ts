import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDirLockFile, takeDataDirForRestore } from '../../db/data-dir-lock.js';
import { openSqliteCopy } from '../../db/open-sqlite-file.js';
import type { BackupManifest } from './backup-manifest.js';
import { sqliteCopyName } from './backup-sources.js';
import { check, checkDatabase, checkFiles, type Report } from './restore-checks.js';

/** The files that make a DATA_DIR non-empty: the lock file a stopped server leaves is not data. */
function dataIn(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return fs.readdirSync(dataDir).filter((name) => name !== dataDirLockFile && name !== `${dataDirLockFile}-journal`);
}

function copyBackupFiles(backup: string, manifest: BackupManifest, into: string): void {
  for (const file of manifest.files) {
    const target = path.join(into, ...file.path.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    fs.copyFileSync(path.join(backup, ...file.path.split('/')), target);
  }
  // The marker of the backup's identity is not part of the data.
  fs.rmSync(path.join(into, 'backup-id'), { force: true });
}

function integrityCheck(report: Report, file: string): void {
  const { sqlite } = openSqliteCopy(file);
  try {
    const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
    const messages = rows.map((row) => row.integrity_check);
    const ok = messages.length === 1 && messages[0] === 'ok';
    check(report, ok, ok ? `integrity_check of ${sqliteCopyName}` : `integrity_check of ${sqliteCopyName}: ${messages.slice(0, 5).join('; ')}`);
  } finally {
    sqlite.close();
  }
}

/**
 * A SQLite backup into `dataDir`: restored into a folder beside it, checked there, and moved into place
 * only when every check passed, while no server can start on it.
 */
export async function restoreSqlite(
  report: Report,
  { backup, manifest, dataDir, force }: { backup: string; manifest: BackupManifest; dataDir: string; force: boolean },
): Promise<void> {
  let lock;
  try {
    lock = takeDataDirForRestore(dataDir);
  } catch (error) {
    check(report, false, (error as Error).message);
    return;
  }
  const staging = path.join(path.dirname(dataDir), `.restore-${path.basename(dataDir)}-${randomBytes(4).toString('hex')}`);
  try {
    report({ ok: true, text: `no server is running on ${dataDir}` });
    const present = dataIn(dataDir);
    check(
      report,
      present.length === 0 || force,
      present.length === 0
        ? `${dataDir} is empty`
        : force
          ? `${dataDir} holds ${present.length} ${present.length === 1 ? 'entry' : 'entries'}; --force: replaced`
          : `${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore into an empty folder, or add --force to replace its contents`,
    );
    await checkFiles(report, backup, manifest);

    fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
    copyBackupFiles(backup, manifest, staging);
    const file = path.join(staging, sqliteCopyName);
    integrityCheck(report, file);
    const { db } = openSqliteCopy(file);
    try {
      await checkDatabase(report, db, 'sqlite', manifest);
    } finally {
      await db.destroy();
    }

    const replaced = fs.existsSync(dataDir) ? `${staging}-replaced` : null;
    if (replaced) fs.renameSync(dataDir, replaced);
    fs.renameSync(staging, dataDir);
    lock.release();
    if (replaced) fs.rmSync(replaced, { recursive: true, force: true });
  } finally {
    lock.release();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
