import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The users of the demo data set (`is_demo` 1). */

export interface NewDemoUser {
  walletAddress: string;
  totalPoints: number;
  createdAt: number;
  blocked: { at: number; reason: string } | null;
}

// Rows per insert: eight parameters each, well below SQLite's and PostgreSQL's bound-parameter limits.
const rowsPerInsert = 500;

/** Inserts them in the caller's transaction, each as never logged in since it was made. */
export async function insertDemoUsers(trx: Kysely<Database>, users: readonly NewDemoUser[]): Promise<void> {
  for (let start = 0; start < users.length; start += rowsPerInsert) {
    const values = users.slice(start, start + rowsPerInsert).map((user) => ({
      wallet_address: user.walletAddress,
      total_points: user.totalPoints,
      referral_code: null,
      blocked_at: user.blocked?.at ?? null,
      blocked_reason: user.blocked?.reason ?? null,
      created_at: user.createdAt,
      last_login_at: user.createdAt,
      is_demo: 1,
    }));
    await trx.insertInto('users').values(values).execute();
  }
}

export async function countDemoUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('is_demo', '=', 1).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasDemoUsers(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('is_demo', '=', 1).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyUser(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Every demo user by id, and whether it logged in after the demo's own time (then someone used it for real). */
export async function listDemoUsers(db: Kysely<Database>): Promise<{ id: number; loggedInSince: boolean }[]> {
  const rows = await db.selectFrom('users').select(['id', 'created_at', 'last_login_at']).where('is_demo', '=', 1).orderBy('id').execute();
  return rows.map((row) => ({ id: Number(row.id), loggedInSince: Number(row.last_login_at) !== Number(row.created_at) }));
}

/** Keeps demo users as real ones, in the caller's transaction: unmarked, each with the points given. */
export async function keepDemoUsers(trx: Kysely<Database>, kept: readonly { id: number; totalPoints: number }[]): Promise<void> {
  for (const user of kept) await trx.updateTable('users').set({ is_demo: 0, total_points: user.totalPoints }).where('id', '=', user.id).execute();
}

/** Deletes the demo users left in the caller's transaction; returns how many there were. */
export async function deleteDemoUsers(trx: Kysely<Database>): Promise<number> {
  const result = await trx.deleteFrom('users').where('is_demo', '=', 1).executeTakeFirst();
  return Number(result.numDeletedRows);
}
