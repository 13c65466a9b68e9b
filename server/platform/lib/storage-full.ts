/**
 * Writes refused for lack of space: the disk under DATA_DIR (SQLite's SQLITE_FULL, the file system's
 * ENOSPC or a quota's EDQUOT) or the PostgreSQL server's (SQLSTATE 53100 disk_full). Reads go on;
 * the same writes succeed again once space is freed.
 */
const storageFullCodes = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT', '53100']);

/** The answer's words; they also fit the image budget (UPLOADS_MAX_MB) being spent. */
export const storageFullMessage = 'Storage space is full right now, so nothing new can be saved. Please try again later.';

/** Whether `error`, or an error it was caused by, is a write refused for lack of space. */
export function isStorageFull(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && storageFullCodes.has(code)) return true;
  }
  return false;
}
