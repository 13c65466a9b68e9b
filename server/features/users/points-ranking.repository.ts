import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

/**
 * When a user reached their score: their last claim, or their sign-up when points came another way
 * (demo data). Written exactly as in the index users_leaderboard_idx, so the planner can use it.
 */
const reachedAt = sql<number>`coalesce(last_tweet_claim_at, created_at)`;

/** Users who can be ranked: unblocked, with points (the index is partial on blocked_at). */
function rankable(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.and([eb('blocked_at', 'is', null), eb('total_points', '>', 0)]);
}

interface RankedUser {
  userId: number;
  walletAddress: string;
  points: number;
  rank: number;
}

/**
 * One page in ranking order: points descending, then earlier reachedAt, then lower user id. The page
 * is read straight from users_leaderboard_idx and cut before anything else happens, so a page costs
 * its offset, never a sort of every user (a rank() over all users does: SQLite sorts the whole set
 * again for the final order).
 *
 * Ranks are standard competition ranks (1, 2, 2, 4): one plus the users with more points. rank()
 * over the page alone gives each points group its first position p in the page (1-based). A group
 * starting at p > 1 has offset + p - 1 users above it, so its rank is offset + p. The page's first
 * group may have begun on an earlier page: its rank is one plus `above`, the users with more points,
 * counted in the same statement so the page and its ranks come from one snapshot.
 */
export const rankedPageQuery = preparedQuery((db: Kysely<Database>, limit: number, offset: number) =>
  db
    .with('page', (qb) =>
      qb
        .selectFrom('users')
        .where(rankable)
        .select(['id', 'wallet_address', 'total_points', reachedAt.as('reached_at')])
        .orderBy('total_points', 'desc')
        .orderBy(reachedAt)
        .orderBy('id')
        .limit(limit)
        .offset(offset),
    )
    .selectFrom('page')
    .select((eb) => [
      'page.id',
      'page.wallet_address',
      'page.total_points',
      eb.fn.agg<number>('rank').over((ob) => ob.orderBy('page.total_points', 'desc')).as('page_rank'),
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<number>().as('count'))
        .where('users.blocked_at', 'is', null)
        .where('users.total_points', '>', eb.selectFrom('page').select(eb.fn.max('page.total_points').as('top')))
        .as('above'),
    ])
    .orderBy('page.total_points', 'desc')
    .orderBy('page.reached_at')
    .orderBy('page.id'),
);

export async function listRankedUsers(db: Kysely<Database>, page: { limit: number; offset: number }): Promise<RankedUser[]> {
  const rows = await rankedPageQuery.execute(db, page.limit, page.offset);
  return rows.map((row) => {
    const pageRank = Number(row.page_rank);
    return {
      userId: Number(row.id),
      walletAddress: row.wallet_address,
      points: Number(row.total_points),
      rank: pageRank === 1 ? Number(row.above ?? 0) + 1 : page.offset + pageRank,
    };
  });
}

export async function countRankedUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(rankable)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Rankable users with more points than `points`: a competition rank is this plus one. */
export const rankedAboveQuery = preparedQuery((db: Kysely<Database>, points: number) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('blocked_at', 'is', null)
    .where('total_points', '>', points),
);

export async function countRankedAbove(db: Kysely<Database>, points: number): Promise<number> {
  const [row] = await rankedAboveQuery.execute(db, points);
  return Number(row?.count ?? 0);
}
