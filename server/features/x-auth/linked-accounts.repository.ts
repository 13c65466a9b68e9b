import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The linked X handle of each of `userIds` that has one, in one query. */
export async function handlesOfUsers(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('twitter_accounts')
    .select(['user_id', 'handle'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), row.handle]));
}

export async function countLinkedAccounts(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('twitter_accounts').select(db.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The users whose linked handle is `handle` or begins with it, in any case. substr() reads the same
 * on SQLite and PostgreSQL, whatever the collation.
 */
export async function findUsersByHandlePrefix(db: Kysely<Database>, handle: string): Promise<number[]> {
  const prefix = handle.toLowerCase();
  const rows = await db
    .selectFrom('twitter_accounts')
    .select('user_id')
    .where((eb) => eb(eb.fn<string>('substr', [eb.fn<string>('lower', ['handle']), eb.val(1), eb.val(Array.from(prefix).length)]), '=', prefix))
    .execute();
  return rows.map((row) => Number(row.user_id));
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
