/**
 * The SQLite backup's thread (started by sqlite-copy.ts): `VACUUM INTO` on a connection of its own.
 * It reads one snapshot of the database in one read transaction, which writers in WAL mode never
 * restart (the online backup API starts over whenever another connection writes), and it runs here so
 * that neither the event loop nor the server's readers wait for it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { SqliteCopyReply, SqliteCopyRequest } from './sqlite-copy.js';

const { source, target, busyTimeoutMs } = workerData as SqliteCopyRequest;
const database = new SQLite(source, { fileMustExist: true });
try {
  // An import that has the file alone may hold it for a while; this thread can wait for it.
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const pageSize = database.pragma('page_size', { simple: true }) as number;
  const pageCount = database.pragma('page_count', { simple: true }) as number;
  parentPort!.postMessage({ kind: 'size', bytes: pageSize * pageCount } satisfies SqliteCopyReply);
  database.prepare('vacuum into ?').run(target);
} finally {
  database.close();
}
