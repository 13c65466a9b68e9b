import fs from 'node:fs';
import path from 'node:path';
import { tryExclusiveFileLock, tryFileLock } from './file-lock.js';

/**
 * Who uses a DATA_DIR, as the operating system sees it: `DATA_DIR/server.lock` is a tiny SQLite file in
 * rollback-journal mode. Each server keeps a read transaction open on it (a SHARED lock, which several
 * servers can hold together); a restore asks for an EXCLUSIVE lock without waiting and is refused while
 * any server holds one. The operating system drops a lock with the process that held it, so a crashed
 * server leaves no stale lock behind.
 */
export const dataDirLockFile = 'server.lock';

export interface DataDirLock {
  release: () => void;
}

export class DataDirBusyError extends Error {}

/** The server's claim on its DATA_DIR, held until released or the process ends. */
export function holdDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  // A restore holds the lock only while it moves files into place: wait that long.
  const release = tryFileLock(path.join(dataDir, dataDirLockFile), 'shared', 10_000);
  if (!release) throw new DataDirBusyError(`A restore is writing into ${dataDir}; start the server when it has finished.`);
  return { release };
}

/** A restore's claim on a DATA_DIR: refused at once while any server holds the directory. */
export function takeDataDirForRestore(dataDir: string): DataDirLock {
  if (!fs.existsSync(dataDir)) return { release: () => {} };
  const release = tryExclusiveFileLock(path.join(dataDir, dataDirLockFile));
  if (!release) throw new DataDirBusyError(`A server is running on ${dataDir}: stop it before restoring into this DATA_DIR.`);
  return { release };
}
