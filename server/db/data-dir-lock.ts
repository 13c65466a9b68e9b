import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { isSqliteBusy } from './waiting-sqlite-driver.js';

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

function openLockFile(dataDir: string, busyTimeoutMs: number): SQLite.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new SQLite(path.join(dataDir, dataDirLockFile));
  lock.pragma(`busy_timeout = ${busyTimeoutMs}`);
  lock.pragma('journal_mode = DELETE');
  return lock;
}

function holding(lock: SQLite.Database): DataDirLock {
  return {
    release: () => {
      if (lock.open) lock.close();
    },
  };
}

/** The server's claim on its DATA_DIR, held until released or the process ends. */
export function holdDataDirLock(dataDir: string): DataDirLock {
  // A restore holds the lock only while it moves files into place: wait that long.
  const lock = openLockFile(dataDir, 10_000);
  try {
    lock.exec('begin');
    // A read takes the SHARED lock; the open transaction keeps it.
    lock.prepare('pragma user_version').get();
  } catch (error) {
    lock.close();
    if (isSqliteBusy(error)) throw new DataDirBusyError(`A restore is writing into ${dataDir}; start the server when it has finished.`);
    throw error;
  }
  return holding(lock);
}

/** A restore's claim on a DATA_DIR: refused at once while any server holds the directory. */
export function takeDataDirForRestore(dataDir: string): DataDirLock {
  if (!fs.existsSync(dataDir)) return { release: () => {} };
  const lock = openLockFile(dataDir, 0);
  try {
    lock.exec('begin exclusive');
  } catch (error) {
    lock.close();
    if (isSqliteBusy(error)) throw new DataDirBusyError(`A server is running on ${dataDir}: stop it before restoring into this DATA_DIR.`);
    throw error;
  }
  return holding(lock);
}
