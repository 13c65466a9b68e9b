import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Of the given users, those with a linked X account. */
export async function findUsersWithTwitterAccount(db: Kysely<Database>, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('twitter_accounts').select('user_id').distinct().where('user_id', 'in', userIds).execute();
  return new Set(rows.map((row) => Number(row.user_id)));
}
