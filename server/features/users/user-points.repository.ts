import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * Adds `delta` (negative: takes away) to the user's points unless the result would be below zero, in
 * one conditional update; the points after, or null when it was refused (or no such user). Pass the
 * caller's transaction to keep the change with the rest of it.
 */
export async function changeUserPoints(db: Kysely<Database>, userId: number, delta: number): Promise<number | null> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ total_points: eb('total_points', '+', delta) }))
    .where('id', '=', userId)
    .where((eb) => eb(eb('total_points', '+', delta), '>=', 0))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await findUserPoints(db, userId);
  return Number(row.total_points);
}

/**
 * Adds the points and restarts the cooldown only if the user is off cooldown, in one conditional
 * update: of two claims racing past the cooldown check, exactly one changes the row.
 */
export async function awardPointsOffCooldown(
  db: Kysely<Database>,
  award: { userId: number; points: number; now: number; cooldownMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ total_points: eb('total_points', '+', award.points), last_tweet_claim_at: award.now }))
    .where('id', '=', award.userId)
    .where((eb) =>
      eb.or([eb('last_tweet_claim_at', 'is', null), eb('last_tweet_claim_at', '<=', award.now - award.cooldownMs)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findUserPoints(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['total_points', 'last_tweet_claim_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
