import type { Kysely } from 'kysely';
import type { Database, User } from '../../platform/db/schema.js';

export async function findUserById(db: Kysely<Database>, userId: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** The wallet of each of `userIds` that exists, in one query. */
export async function walletsOfUsers(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'wallet_address']).where('id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((row) => [Number(row.id), row.wallet_address]));
}

export async function findUserByWallet(db: Kysely<Database>, walletAddress: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('wallet_address', '=', walletAddress).executeTakeFirst();
}

/** Inserts the user unless the wallet already exists (two first logins may race); returns the stored row. */
export async function insertUserIfAbsent(
  db: Kysely<Database>,
  user: { walletAddress: string; referralCode: string | null; now: number },
): Promise<User> {
  await db
    .insertInto('users')
    .values({
      wallet_address: user.walletAddress,
      referral_code: user.referralCode,
      created_at: user.now,
      last_login_at: user.now,
      blocked_at: null,
      blocked_reason: null,
    })
    .onConflict((oc) => oc.column('wallet_address').doNothing())
    .execute();
  const stored = await findUserByWallet(db, user.walletAddress);
  if (!stored) throw new Error(`user ${user.walletAddress} vanished after insert`);
  return stored;
}

export async function touchLogin(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
}

export async function setBlocked(
  db: Kysely<Database>,
  userId: number,
  block: { at: number; reason: string | null } | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ blocked_at: block?.at ?? null, blocked_reason: block?.reason ?? null })
    .where('id', '=', userId)
    .execute();
}

/** Marks the wallet protected unless it already is; true only for the call that protected it. */
export async function markWalletProtected(db: Kysely<Database>, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ wallet_protected_at: now })
    .where('id', '=', userId)
    .where('wallet_protected_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
