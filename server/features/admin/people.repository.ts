import type { Expression, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * Members whose wallet is `wallet` or begins with it, or whose linked X handle is `handle` or begins
 * with it in any case. substr() reads the same on SQLite and PostgreSQL, whatever the collation.
 */
export async function findPeople(db: Kysely<Database>, match: { wallet: string; handle: string | null }, limit: number) {
  return db
    .selectFrom('users')
    .leftJoin('twitter_accounts', 'twitter_accounts.user_id', 'users.id')
    .select(['users.wallet_address', 'users.total_points', 'users.blocked_at', 'twitter_accounts.handle'])
    .where((eb) => {
      const prefix = (column: Expression<string>, text: string) =>
        eb(eb.fn<string>('substr', [column, eb.val(1), eb.val(Array.from(text).length)]), '=', text);
      const byWallet = eb.or([eb('users.wallet_address', '=', match.wallet), prefix(eb.ref('users.wallet_address'), match.wallet)]);
      if (match.handle === null) return byWallet;
      return eb.or([byWallet, prefix(eb.fn<string>('lower', ['twitter_accounts.handle']), match.handle.toLowerCase())]);
    })
    .orderBy('users.wallet_address')
    .limit(limit)
    .execute();
}

/** The X accounts bound to the user, first bound first, with the handle of the one linked now. */
export async function listXBindings(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('x_account_bindings')
    .leftJoin('twitter_accounts', (join) =>
      join.onRef('twitter_accounts.x_user_id', '=', 'x_account_bindings.x_user_id').onRef('twitter_accounts.user_id', '=', 'x_account_bindings.user_id'),
    )
    .select(['x_account_bindings.x_user_id', 'x_account_bindings.created_at', 'twitter_accounts.handle'])
    .where('x_account_bindings.user_id', '=', userId)
    .orderBy('x_account_bindings.created_at')
    .orderBy('x_account_bindings.x_user_id')
    .execute();
}

/** The user's stored sessions, newest first: never the hash, only when and how they were opened. */
export async function listSessionRows(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at', 'proven', 'wallet_name'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
