import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from './connect.js';
import { tryExclusiveFileLock } from './file-lock.js';
import type { Database } from './schema.js';

/** A job that one process of a deployment runs at a time, and how the processes agree on it. */
export interface OneProcessJob {
  /** PostgreSQL: the session-level advisory lock every process asks for. */
  lockKey: number;
  /** SQLite: the lock file every process on the data folder asks for. */
  lockFile: string;
}

/**
 * Runs `work` as the one process of the deployment doing `job`, or answers 'busy' at once while
 * another process does it: PostgreSQL's advisory lock on one connection of the pool, or an exclusive
 * lock on a file beside the data on SQLite. Either lock goes with the process that held it, so one
 * that dies mid-job frees it.
 */
export async function inOneProcessTurn<T>(db: Kysely<Database>, dialect: DialectName, job: OneProcessJob, work: () => Promise<T>): Promise<T | 'busy'> {
  if (dialect === 'postgres') {
    return db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${job.lockKey}) as locked`.execute(connection);
      if (!rows[0]?.locked) return 'busy';
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${job.lockKey})`.execute(connection);
      }
    });
  }
  fs.mkdirSync(path.dirname(job.lockFile), { recursive: true, mode: 0o700 });
  const release = tryExclusiveFileLock(job.lockFile);
  if (!release) return 'busy';
  try {
    return await work();
  } finally {
    release();
  }
}
