import fs from 'node:fs';
import { startModuleWorker } from '../../lib/module-worker.js';

export interface SqliteCopyRequest {
  source: string;
  target: string;
  busyTimeoutMs: number;
}

export type SqliteCopyReply = { kind: 'size'; bytes: number };

/** Bytes written so far of about `total` (the source's pages; the copy leaves free pages out). */
export type CopyProgress = (written: number, total: number) => void;

const pollMs = 250;

/**
 * A consistent copy of a live SQLite database into `target` (sqlite-copy-worker.ts), with the growing
 * file's size reported against the source's while it is written.
 */
export function copySqliteDatabase(
  source: string,
  target: string,
  { onProgress, busyTimeoutMs = 120_000 }: { onProgress?: CopyProgress; busyTimeoutMs?: number } = {},
): Promise<void> {
  const request: SqliteCopyRequest = { source, target, busyTimeoutMs };
  const worker = startModuleWorker(import.meta.url, 'sqlite-copy-worker', { workerData: request });
  let total = 0;
  const report = () => {
    if (!onProgress || total === 0) return;
    const written = fs.statSync(target, { throwIfNoEntry: false })?.size ?? 0;
    onProgress(Math.min(written, total), total);
  };
  const timer = setInterval(report, pollMs);
  return new Promise<void>((resolve, reject) => {
    let failure: Error | null = null;
    worker.on('message', (reply: SqliteCopyReply) => {
      total = reply.bytes;
    });
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      clearInterval(timer);
      if (failure) return reject(failure);
      if (code !== 0) return reject(new Error(`the database copy stopped with exit code ${code}`));
      report();
      resolve();
    });
  });
}
