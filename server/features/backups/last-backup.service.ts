import fs from 'node:fs';
import path from 'node:path';
import { readManifest } from './backup-manifest.js';
import { listCompleteBackups } from './backup-rotation.js';

interface NewestBackup {
  name: string;
  createdAt: Date;
  /** Every file its manifest lists is there at its size (its sha256 was checked when it was written). */
  filesPresent: boolean;
}

function filesPresent(folder: string): boolean {
  try {
    return readManifest(folder).files.every((file) => {
      const stat = fs.statSync(path.join(folder, ...file.path.split('/')), { throwIfNoEntry: false });
      return stat !== undefined && stat.size === file.bytes;
    });
  } catch {
    return false;
  }
}

/** The newest complete backup in `dir`, or null (none, or the folder cannot be read). */
export function newestBackupIn(dir: string): NewestBackup | null {
  let newest: ReturnType<typeof listCompleteBackups>[number] | undefined;
  try {
    newest = listCompleteBackups(dir)[0];
  } catch {
    return null;
  }
  return newest ? { name: newest.name, createdAt: newest.createdAt, filesPresent: filesPresent(newest.folder) } : null;
}
