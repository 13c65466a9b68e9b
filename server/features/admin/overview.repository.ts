import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Claims (posts and memes) accepted from `fromMs` on; tweet_claims_created_at_idx answers it. */
export async function countClaimsSince(db: Kysely<Database>, fromMs: number): Promise<number> {
  const row = await db
    .selectFrom('tweet_claims')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('created_at', '>=', fromMs)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
