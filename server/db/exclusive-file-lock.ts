import SQLite from 'better-sqlite3';
import { isSqliteBusy } from './waiting-sqlite-driver.js';

/**
 * An operating-system lock on `file` (a tiny SQLite file in rollback-journal mode), taken without
 * waiting: the release function, or null while another process holds it. The lock goes with the
 * process that held it, so a crash leaves nothing stale.
 */
export function tryExclusiveFileLock(file: string): (() => void) | null {
  const lock = new SQLite(file);
  try {
    lock.pragma('busy_timeout = 0');
    lock.pragma('journal_mode = DELETE');
    lock.exec('begin exclusive');
  } catch (error) {
    lock.close();
    if (isSqliteBusy(error)) return null;
    throw error;
  }
  return () => {
    if (lock.open) lock.close();
  };
}
