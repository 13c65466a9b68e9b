import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).count);

/**
 * All users, those signed in since `weekAgo`, and sign-ups since `dayStart` and since `weekAgo`. The
 * windowed counts are index range scans (created_at, last_login_at); the total is cheap in SQLite
 * and PostgreSQL alike.
 */
export async function countUsers(db: Kysely<Database>, since: { dayStart: number; weekAgo: number }) {
  const counted = () => db.selectFrom('users').select(db.fn.countAll().as('count'));
  const [total, active, signupsToday, signupsThisWeek] = await Promise.all([
    countOf(counted()),
    countOf(counted().where('last_login_at', '>=', since.weekAgo)),
    countOf(counted().where('created_at', '>=', since.dayStart)),
    countOf(counted().where('created_at', '>=', since.weekAgo)),
  ]);
  return { total, active, signupsToday, signupsThisWeek };
}
