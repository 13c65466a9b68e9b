import fs from 'node:fs';
import path from 'node:path';
import { manifestFileName, readManifest } from './backup-manifest.js';
import { backupNamePrefix } from './backup.service.js';

export interface CompleteBackup {
  name: string;
  folder: string;
  createdAt: Date;
}

/**
 * The complete backups in `dir`, newest first: folders with the backup name and a readable manifest.
 * A backup in progress lives in a hidden `.incomplete-…` folder until it is verified, so it is never
 * counted here.
 */
export function listCompleteBackups(dir: string): CompleteBackup[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups: CompleteBackup[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(backupNamePrefix)) continue;
    const folder = path.join(dir, entry.name);
    if (!fs.existsSync(path.join(folder, manifestFileName))) continue;
    try {
      backups.push({ name: entry.name, folder, createdAt: new Date(readManifest(folder).createdAt) });
    } catch {
      // Not a manifest this code can read: not a backup it may count, nor remove.
    }
  }
  return backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
}

/** Removes all but the newest `keep` complete backups; answers the names removed. */
export function removeOldBackups(dir: string, keep: number): string[] {
  const old = listCompleteBackups(dir).slice(Math.max(1, keep));
  for (const backup of old) fs.rmSync(backup.folder, { recursive: true, force: true });
  return old.map((backup) => backup.name);
}
