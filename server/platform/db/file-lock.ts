import SQLite from 'better-sqlite3';
import { isSqliteBusy } from './waiting-sqlite-driver.js';

/**
 * An operating-system lock on `file` (a tiny SQLite file in rollback-journal mode): `shared` keeps a read
 * transaction open (several processes can hold it together), `exclusive` admits one holder and no shared
 * one beside it. Waits up to `busyTimeoutMs` for other holders; the release function, or null while they
 * still hold it. The lock goes with the process that held it, so a crash leaves nothing stale.
 */
export function tryFileLock(file: string, kind: 'shared' | 'exclusive', busyTimeoutMs = 0): (() => void) | null {
  const lock = new SQLite(file);
  try {
    lock.pragma(`busy_timeout = ${busyTimeoutMs}`);
    lock.pragma('journal_mode = DELETE');
    if (kind === 'exclusive') {
      lock.exec('begin exclusive');
    } else {
      lock.exec('begin');
      // A read takes the SHARED lock; the open transaction keeps it.
      lock.prepare('pragma user_version').get();
    }
  } catch (error) {
    lock.close();
    if (isSqliteBusy(error)) return null;
    throw error;
  }
  return () => {
    if (lock.open) lock.close();
  };
}

/** An exclusive lock on `file` taken without waiting, or null while another process holds it. */
export const tryExclusiveFileLock = (file: string) => tryFileLock(file, 'exclusive');
