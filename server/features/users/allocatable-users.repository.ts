import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Users who share in `npm run allocate`: not blocked, with points, oldest first. */
export async function listAllocatableUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'wallet_address', 'total_points'])
    .where('blocked_at', 'is', null)
    .where('total_points', '>', 0)
    .orderBy('id')
    .execute();
}

/** Blocked users who would otherwise have had a share. */
export async function countBlockedUsersWithPoints(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(db.fn.countAll<number>().as('count'))
    .where('blocked_at', 'is not', null)
    .where('total_points', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
