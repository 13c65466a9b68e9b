import fs from 'node:fs';
import path from 'node:path';
import { type DataDirLock, dataDirLockFile, takeDataDirForRestore } from '../../platform/db/data-dir-lock.js';
import { openSqliteCopy } from '../../platform/db/open-sqlite-file.js';
import type { BackupManifest } from './backup-manifest.js';
import { sqliteCopyName } from './backup-sources.js';
import { replaceContents } from './replace-contents.js';
import { check, checkDatabase, checkFiles, type Report } from './restore-checks.js';

/** The files that make a DATA_DIR non-empty: the lock file a stopped server leaves is not data. */
const lockFiles = [dataDirLockFile, `${dataDirLockFile}-journal`];

function dataIn(dataDir: string): string[] {
  return fs.readdirSync(dataDir).filter((name) => !lockFiles.includes(name));
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
 * A SQLite backup into `dataDir`: restored into a hidden folder inside it, checked there, and put in
 * place only when every check passed, while no server can start on it. A target that did not exist is
 * removed again when a check fails.
 */
export async function restoreSqlite(
  report: Report,
  { backup, manifest, dataDir, force }: { backup: string; manifest: BackupManifest; dataDir: string; force: boolean },
): Promise<void> {
  const created = !fs.existsSync(dataDir);
  let lock: DataDirLock | null = null;
  let staging: string | null = null;
  let done = false;
  try {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      lock = takeDataDirForRestore(dataDir);
    } catch (error) {
      check(report, false, (error as Error).message);
    }
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

    staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
    copyBackupFiles(backup, manifest, staging);
    const file = path.join(staging, sqliteCopyName);
    integrityCheck(report, file);
    const { db } = openSqliteCopy(file);
    try {
      await checkDatabase(report, db, 'sqlite', manifest);
    } finally {
      await db.destroy();
    }
    replaceContents(dataDir, staging, lockFiles);
    done = true;
  } finally {
    lock?.release();
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    if (created && !done) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
