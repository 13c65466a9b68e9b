import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { countClaimsOfUsers } from '../claims/index.js';
import { listRankedUsers } from '../users/index.js';
import { handlesOfUsers } from '../x-auth/index.js';

export interface RankedRow {
  userId: number;
  walletAddress: string;
  handle: string | null;
  points: number;
  posts: number;
  rank: number;
}

/** One leaderboard page: the ranked miners, then the X handles and post counts of just those miners. */
export async function listRankedPage(db: Kysely<Database>, page: { limit: number; offset: number }): Promise<RankedRow[]> {
  const miners = await listRankedUsers(db, page);
  const ids = miners.map((miner) => miner.userId);
  const [handles, posts] = await Promise.all([handlesOfUsers(db, ids), countClaimsOfUsers(db, ids)]);
  return miners.map((miner) => ({
    userId: miner.userId,
    walletAddress: miner.walletAddress,
    handle: handles.get(miner.userId) ?? null,
    points: miner.points,
    posts: posts.get(miner.userId) ?? 0,
    rank: miner.rank,
  }));
}
