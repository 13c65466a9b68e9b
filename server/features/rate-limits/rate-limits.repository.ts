import type { Kysely } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

/** One upsert: a new key or an ended window starts at `amount` with a fresh window, a live one adds `amount`. */
const rateLimitHitQuery = preparedQuery((db: Kysely<Database>, key: string, amount: number, now: number, expiresAt: number) =>
  db
    .insertInto('rate_limit_counters')
    .values({ key, count: amount, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const ended = eb('rate_limit_counters.expires_at', '<=', now);
        return {
          count: eb.case().when(ended).then(amount).else(eb('rate_limit_counters.count', '+', amount)).end(),
          expires_at: eb.case().when(ended).then(expiresAt).else(eb.ref('rate_limit_counters.expires_at')).end(),
        };
      }),
    )
    .returning(['count', 'expires_at']),
);

/**
 * Counts `amount` hits (one request, by default) for `key` in one statement, so concurrent requests from
 * any process are each counted. A prepared query: PostgreSQL, where the counts live, plans it once per
 * connection, not on every request.
 */
export async function countRateLimitHit(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now: number,
  amount = 1,
): Promise<{ count: number; expiresAt: number }> {
  const [row] = await rateLimitHitQuery.execute(db, key, amount, now, now + windowMs);
  return { count: Number(row!.count), expiresAt: Number(row!.expires_at) };
}

/** Takes `amount` hits off `key`'s live window (a request the server failed); nothing when the window has ended. */
export async function uncountRateLimitHit(db: Kysely<Database>, key: string, now: number, amount = 1): Promise<void> {
  await db
    .updateTable('rate_limit_counters')
    .set((eb) => ({ count: eb.case().when('count', '>', amount).then(eb('count', '-', amount)).else(0).end() }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .where('expires_at', '>', now)
    .execute();
}

/** Deletes the counters whose window has ended; returns how many. */
export async function deleteEndedRateLimits(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
