import type { Kysely } from 'kysely';
import type { LeaderboardResponse, LeaderboardViewer } from '@shared/schemas/leaderboard';
import type { Database, User } from '../../platform/db/schema.js';
import { conflict } from '../../platform/errors.js';
import { CachedSource } from '../../platform/lib/cached-source.js';
import { normalizeWallet } from '@shared/wallet';
import { type AuditActor, recordChange } from '../audit/index.js';
import { countUserClaims } from '../claims/index.js';
import { changeUserPoints, countRankedAbove, countRankedUsers, findUserByWallet } from '../users/index.js';
import { listRankedPage, type RankedRow } from './ranked-page.js';
import { PageCache } from '../../platform/lib/page-cache.js';

export const leaderboardCacheMs = 30_000;

/** First 8 and last 8 characters: enough to recognise one's own wallet, never the full address. */
export function shortenWallet(address: string): string {
  const chars = Array.from(address);
  if (chars.length <= 16) return address;
  return `${chars.slice(0, 8).join('')}…${chars.slice(-8).join('')}`;
}

/**
 * The caller's own standing, read fresh on every request. A competition rank is "miners with more
 * points, plus one", the rank the page shows; unranked (no points, or blocked) is null.
 */
export async function viewerStanding(db: Kysely<Database>, user: User): Promise<LeaderboardViewer> {
  const points = Number(user.total_points);
  const ranked = user.blocked_at === null && points > 0;
  const [above, posts] = await Promise.all([
    ranked ? countRankedAbove(db, points) : Promise.resolve(null),
    countUserClaims(db, user.id),
  ]);
  return { rank: above === null ? null : above + 1, points, posts };
}

function toResponse(rows: RankedRow[], total: number, viewer: User | null, standing: LeaderboardViewer | null): LeaderboardResponse {
  return {
    entries: rows.map((row) => ({
      rank: row.rank,
      wallet: shortenWallet(row.walletAddress),
      xHandle: row.handle,
      points: row.points,
      posts: row.posts,
      isViewer: viewer !== null && row.userId === viewer.id,
    })),
    total,
    viewer: standing,
  };
}

/**
 * The leaderboard as visitors read it. The public part is read at most every 30 s: each
 * (limit, offset) page on its own, and the miner count once for all pages (the one query that reads
 * every miner). The viewer's standing and row mark are worked out per request from the cached rows.
 */
export function createLeaderboard(db: Kysely<Database>, now: () => number = Date.now) {
  const pages = new PageCache<`${number}:${number}`, RankedRow[]>(
    (key) => {
      const [limit, offset] = key.split(':').map(Number) as [number, number];
      return listRankedPage(db, { limit, offset });
    },
    { ttlMs: leaderboardCacheMs, maxKeys: 500, now },
  );
  const total = new CachedSource(() => countRankedUsers(db), leaderboardCacheMs, 10_000, now);

  return {
    async read(page: { limit: number; offset: number }, viewer: User | null): Promise<LeaderboardResponse> {
      const [rows, count, standing] = await Promise.all([
        pages.get(`${page.limit}:${page.offset}`),
        total.get(),
        viewer ? viewerStanding(db, viewer) : Promise.resolve(null),
      ]);
      return toResponse(rows, count.value, viewer, standing);
    },
  };
}

export type PointsAdjustment =
  | { ok: true; walletAddress: string; before: number; points: number }
  | { ok: false; status: 404 | 409; problem: string };

/**
 * An operator's change to a member's points (negative takes away), never below zero, with its audit
 * entry (`points.adjust`, before and after) in the same transaction. The leaderboard follows within
 * its cache time, as it does after a claim. Never an admin's own points (409): another admin can.
 */
export async function adjustPoints(
  db: Kysely<Database>,
  input: { wallet: string; delta: number; reason: string; by: AuditActor },
  now = Date.now(),
): Promise<PointsAdjustment> {
  const walletAddress = normalizeWallet(input.wallet);
  // A console actor is the caller's wallet.
  if (input.by.actor === walletAddress) throw conflict('ADMIN_OWN_WALLET', 'You cannot change your own points: another admin can.');
  const user = await findUserByWallet(db, walletAddress);
  if (!user) return { ok: false, status: 404, problem: `no user with wallet ${walletAddress}` };
  return recordChange<PointsAdjustment>(
    db,
    input.by,
    { action: 'points.adjust', target: walletAddress, reason: input.reason },
    async (trx) => {
      const current = await findUserByWallet(trx, walletAddress);
      const before = Number(current?.total_points ?? 0);
      const points = await changeUserPoints(trx, user.id, input.delta);
      if (points === null) {
        const problem = `${walletAddress} has ${before} points: taking ${-input.delta} would leave ${before + input.delta}, below zero.`;
        return { result: { ok: false, status: 409, problem }, unchanged: true };
      }
      return {
        result: { ok: true, walletAddress, before: points - input.delta, points },
        before: { points: points - input.delta },
        after: { points },
      };
    },
    now,
  );
}
