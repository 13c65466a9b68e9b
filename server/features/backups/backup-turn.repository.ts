import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The advisory lock every process of one PostgreSQL database asks for before a scheduled backup. */
export const scheduledBackupLockKey = 7_215_432_001;

/**
 * Runs `work` holding PostgreSQL's session-level advisory lock on one connection of the pool, or
 * answers 'busy' at once when another process holds it. The lock goes with the connection, so a
 * process that dies mid-backup frees it.
 */
export async function withPostgresBackupLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T | 'busy'> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${scheduledBackupLockKey}) as locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return 'busy';
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${scheduledBackupLockKey})`.execute(connection);
    }
  });
}
