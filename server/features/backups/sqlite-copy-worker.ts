/**
 * The SQLite backup's thread (started by sqlite-copy.ts): `VACUUM INTO` on a connection of its own.
 * It reads one snapshot of the database in one read transaction, which writers in WAL mode never
 * restart (the online backup API starts over whenever another connection writes). The copy's row
 * counts and allocation root (a million Merkle leaves) are read here too, so that neither the event
 * loop nor the server's readers wait for any of it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { describeSqliteCopy } from './describe-sqlite-copy.js';
import type { SqliteCopyReply, SqliteCopyRequest } from './sqlite-copy.js';

const { source, target, busyTimeoutMs } = workerData as SqliteCopyRequest;
const port = parentPort!;

function copy(): void {
  const database = new SQLite(source, { fileMustExist: true });
  try {
    // An import that has the file alone may hold it for a while; this thread can wait for it.
    database.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const pageSize = database.pragma('page_size', { simple: true }) as number;
    const pageCount = database.pragma('page_count', { simple: true }) as number;
    port.postMessage({ kind: 'size', bytes: pageSize * pageCount } satisfies SqliteCopyReply);
    database.prepare('vacuum into ?').run(target);
  } finally {
    database.close();
  }
}

try {
  copy();
  port.postMessage({ kind: 'copied', description: await describeSqliteCopy(target) } satisfies SqliteCopyReply);
} catch (error) {
  // Sent as data: an error crossing threads keeps its message but not its code (SQLITE_FULL).
  const { message, code } = error as { message: string; code?: string };
  port.postMessage({ kind: 'failed', message, code: code ?? null } satisfies SqliteCopyReply);
}
