import { type Expression, type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * The ids as one JSON array, a single parameter: no limit on bound parameters caps how many (a short
 * handle prefix can match many accounts).
 */
function idsIn(db: Kysely<Database>, userIds: readonly number[]): Expression<number> {
  const json = JSON.stringify(userIds);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<number>`(select cast(value as bigint) from jsonb_array_elements_text(cast(${json} as jsonb)))`
    : sql<number>`(select value from json_each(${json}))`;
}

/**
 * Users whose wallet is `wallet` or begins with it, or whose id is one of `orIds`, in wallet order.
 * substr() reads the same on SQLite and PostgreSQL, whatever the collation.
 */
export async function findUsersByWalletPrefix(
  db: Kysely<Database>,
  match: { wallet: string; orIds: readonly number[] },
  limit: number,
) {
  return db
    .selectFrom('users')
    .select(['id', 'wallet_address', 'total_points', 'blocked_at'])
    .where((eb) => {
      const length = Array.from(match.wallet).length;
      const byWallet = eb.or([
        eb('wallet_address', '=', match.wallet),
        eb(eb.fn<string>('substr', ['wallet_address', eb.val(1), eb.val(length)]), '=', match.wallet),
      ]);
      return match.orIds.length === 0 ? byWallet : eb.or([byWallet, eb('id', 'in', idsIn(db, match.orIds))]);
    })
    .orderBy('wallet_address')
    .limit(limit)
    .execute();
}
