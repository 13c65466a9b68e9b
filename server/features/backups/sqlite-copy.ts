import fs from 'node:fs';
import { startModuleWorker } from '../../platform/lib/module-worker.js';
import type { SqliteCopyDescription } from './describe-sqlite-copy.js';

export interface SqliteCopyRequest {
  source: string;
  target: string;
  busyTimeoutMs: number;
}

export type SqliteCopyReply =
  | { kind: 'size'; bytes: number }
  | { kind: 'copied'; description: SqliteCopyDescription }
  | { kind: 'failed'; message: string; code: string | null };

/** Bytes written so far of about `total` (the source's pages; the copy leaves free pages out). */
export type CopyProgress = (written: number, total: number) => void;

const pollMs = 250;

function failure(reply: { message: string; code: string | null }): Error {
  return Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {});
}

/**
 * A consistent copy of a live SQLite database into `target` (sqlite-copy-worker.ts), with the growing
 * file's size reported against the source's while it is written; answers what the copy holds.
 */
export function copySqliteDatabase(
  source: string,
  target: string,
  { onProgress, busyTimeoutMs = 120_000 }: { onProgress?: CopyProgress; busyTimeoutMs?: number } = {},
): Promise<SqliteCopyDescription> {
  const request: SqliteCopyRequest = { source, target, busyTimeoutMs };
  const worker = startModuleWorker(import.meta.url, 'sqlite-copy-worker', { workerData: request });
  let total = 0;
  let copied = false;
  const report = () => {
    if (!onProgress || total === 0 || copied) return;
    const written = fs.statSync(target, { throwIfNoEntry: false })?.size ?? 0;
    onProgress(Math.min(written, total), total);
  };
  const timer = setInterval(report, pollMs);
  return new Promise((resolve, reject) => {
    let outcome: SqliteCopyDescription | Error = new Error('the database copy stopped without an answer');
    worker.on('message', (reply: SqliteCopyReply) => {
      if (reply.kind === 'size') total = reply.bytes;
      else if (reply.kind === 'failed') outcome = failure(reply);
      else {
        // The copy is whole: it is as large as it will be.
        const size = fs.statSync(target).size;
        onProgress?.(size, size);
        copied = true;
        outcome = reply.description;
      }
    });
    worker.on('error', (error) => {
      outcome = error;
    });
    worker.on('exit', () => {
      clearInterval(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    });
  });
}
