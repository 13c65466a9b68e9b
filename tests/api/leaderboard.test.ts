import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeaderboardResponse } from '../../shared/schemas/leaderboard.js';
import { useTestApp } from '../helpers/build-app.js';
import { fakeWallet } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

/** Runs on SQLite, and on PostgreSQL under scripts/with-postgres.sh: both must rank alike. */

const ctx = useTestApp({}, { clock: 1_800_000_000_000 });

interface Miner {
  name: string;
  points: number;
  /** When the last claim was made (ms); null for points that did not come from a claim. */
  lastClaimAt: number | null;
  posts?: number;
  handle?: string;
  blocked?: boolean;
}

let walletLength = 41;
let postId = 1_000;
// Each test's miners get the same wallets, in seeding order.
beforeEach(() => {
  walletLength = 41;
});

/** Inserts users (in this order, so ids follow it) with points, X handles and claimed posts. */
async function seed(miners: Miner[]): Promise<Record<string, { id: number; wallet: string }>> {
  const seeded: Record<string, { id: number; wallet: string }> = {};
  for (const miner of miners) {
    walletLength += 1;
    const wallet = fakeWallet('bc1q', walletLength);
    const { id } = await ctx.handle.db
      .insertInto('users')
      .values({
        wallet_address: wallet,
        total_points: miner.points,
        created_at: 1_700_000_000_000,
        last_login_at: 1_700_000_000_000,
        last_tweet_claim_at: miner.lastClaimAt,
        blocked_at: miner.blocked ? 1_700_000_000_000 : null,
        blocked_reason: miner.blocked ? 'farming' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (miner.handle) {
      await ctx.handle.db
        .insertInto('twitter_accounts')
        .values({
          user_id: id,
          x_user_id: `x-${id}`,
          handle: miner.handle,
          is_verified: 0,
          verification_checked_at: 1_700_000_000_000,
          created_at: 1_700_000_000_000,
        })
        .execute();
    }
    for (let index = 0; index < (miner.posts ?? 0); index++) {
      postId += 1;
      await ctx.handle.db
        .insertInto('tweet_claims')
        .values({
          user_id: id,
          tweet_id: String(postId),
          tweet_url: `https://x.com/someone/status/${postId}`,
          tweet_text: 'Acorns for the winter #ACORN',
          is_custom: 1,
          points: 100,
          created_at: 1_700_000_000_000 + index,
          meme_id: null,
        })
        .execute();
    }
    seeded[miner.name] = { id: Number(id), wallet };
  }
  return seeded;
}

/** Five ranked miners, with a three-way tie at 300, plus two who must never be listed. */
const field: Miner[] = [
  { name: 'tied-late', points: 300, lastClaimAt: 3_000, posts: 3, handle: 'late_squirrel' },
  { name: 'top', points: 500, lastClaimAt: 9_000, posts: 5, handle: 'top_squirrel' },
  { name: 'tied-early-older', points: 300, lastClaimAt: 1_000, posts: 2 },
  { name: 'zero', points: 0, lastClaimAt: null },
  { name: 'tied-early-newer', points: 300, lastClaimAt: 1_000, posts: 3, handle: 'early_squirrel' },
  { name: 'blocked', points: 1_000, lastClaimAt: 500, posts: 10, handle: 'farmer', blocked: true },
  { name: 'last', points: 100, lastClaimAt: 100, posts: 1 },
];

function short(wallet: string): string {
  return `${wallet.slice(0, 8)}…${wallet.slice(-8)}`;
}

async function leaderboard(query = '', cookie?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/mining/leaderboard${query}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function board(query = '', cookie?: string): Promise<LeaderboardResponse> {
  const response = await leaderboard(query, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/mining/leaderboard', () => {
  it('ranks by points with competition ranks, ties ordered by earlier last claim then older account', async () => {
    const users = await seed(field);
    const { entries, total, viewer } = await board();
    expect(viewer).toBeNull();
    expect(total).toBe(5);
    expect(entries).toEqual([
      { rank: 1, wallet: short(users.top!.wallet), xHandle: 'top_squirrel', points: 500, posts: 5, isViewer: false },
      { rank: 2, wallet: short(users['tied-early-older']!.wallet), xHandle: null, points: 300, posts: 2, isViewer: false },
      { rank: 2, wallet: short(users['tied-early-newer']!.wallet), xHandle: 'early_squirrel', points: 300, posts: 3, isViewer: false },
      { rank: 2, wallet: short(users['tied-late']!.wallet), xHandle: 'late_squirrel', points: 300, posts: 3, isViewer: false },
      { rank: 5, wallet: short(users.last!.wallet), xHandle: null, points: 100, posts: 1, isViewer: false },
    ]);
  });

  it('leaves out users without points and blocked users, and never sends a full wallet address', async () => {
    const users = await seed(field);
    const response = await leaderboard('?limit=50');
    const { entries } = response.json() as LeaderboardResponse;
    expect(entries.map((entry) => entry.points)).not.toContain(0);
    expect(entries.map((entry) => entry.xHandle)).not.toContain('farmer');
    expect(entries.map((entry) => entry.wallet)).not.toContain(short(users.blocked!.wallet));
    for (const { wallet } of Object.values(users)) expect(response.body).not.toContain(wallet);
    for (const entry of entries) expect(entry.wallet).toMatch(/^bc1q.{4}….{8}$/);
  });

  it('pages with limit and offset, keeping ranks and order across pages', async () => {
    const users = await seed(field);
    const pages = await Promise.all([0, 2, 4, 6].map((offset) => board(`?limit=2&offset=${offset}`)));
    expect(pages.map((page) => page.entries.map((entry) => entry.rank))).toEqual([[1, 2], [2, 2], [5], []]);
    expect(pages.flatMap((page) => page.entries.map((entry) => entry.wallet))).toEqual(
      ['top', 'tied-early-older', 'tied-early-newer', 'tied-late', 'last'].map((name) => short(users[name]!.wallet)),
    );
    for (const page of pages) expect(page.total).toBe(5);
  });

  it('shows 10 rows by default and refuses a limit above 50 or a negative offset with 400', async () => {
    await seed(Array.from({ length: 12 }, (_, index) => ({ name: `m${index}`, points: 1_000 - index, lastClaimAt: index })));
    const first = await board();
    expect(first.entries).toHaveLength(10);
    expect(first.total).toBe(12);
    expect(first.entries.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    for (const query of ['?limit=51', '?limit=0', '?offset=-1', '?limit=ten']) {
      const response = await leaderboard(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe('VALIDATION_ERROR');
    }
    expect((await board('?limit=50')).entries).toHaveLength(12);
  });

  it("gives a logged-in viewer their own rank and marks their row", async () => {
    const users = await seed(field);
    const session = await loginCookie(ctx.app, users['tied-late']!.wallet);
    const { entries, viewer } = await board('', session.cookie);
    expect(viewer).toEqual({ rank: 2, points: 300, posts: 3 });
    expect(entries.filter((entry) => entry.isViewer).map((entry) => entry.wallet)).toEqual([short(users['tied-late']!.wallet)]);
  });

  it("gives the viewer's rank when their row is on another page", async () => {
    const users = await seed(field);
    const session = await loginCookie(ctx.app, users.last!.wallet);
    const { entries, viewer } = await board('?limit=2', session.cookie);
    expect(viewer).toEqual({ rank: 5, points: 100, posts: 1 });
    expect(entries.some((entry) => entry.isViewer)).toBe(false);
  });

  it('has no rank for a viewer without points', async () => {
    const users = await seed(field);
    const session = await loginCookie(ctx.app, users.zero!.wallet);
    const { entries, viewer } = await board('', session.cookie);
    expect(viewer).toEqual({ rank: null, points: 0, posts: 0 });
    expect(entries).toHaveLength(5);
  });

  it('caches the public page for 30 s per limit and offset, but never the viewer part', async () => {
    const users = await seed(field);
    const session = await loginCookie(ctx.app, users.last!.wallet);
    expect((await board('', session.cookie)).entries[0]!.points).toBe(500);

    await ctx.handle.db.updateTable('users').set({ total_points: 900, last_tweet_claim_at: 10_000 }).where('id', '=', users.last!.id).execute();
    const cached = await board('', session.cookie);
    expect(cached.entries[0]!.wallet).toBe(short(users.top!.wallet));
    expect(cached.viewer).toEqual({ rank: 1, points: 900, posts: 1 });
    // Another (limit, offset) is another cache entry, counted now.
    expect((await board('?limit=3')).entries[0]!.wallet).toBe(short(users.last!.wallet));

    ctx.clock += 29_999;
    expect((await board('', session.cookie)).entries[0]!.wallet).toBe(short(users.top!.wallet));
    // At 30 s the page is counted again (CachedSource may serve the old page once while it does).
    ctx.clock += 1;
    await expect.poll(async () => (await board('', session.cookie)).entries[0]!.wallet).toBe(short(users.last!.wallet));
    const fresh = await board('', session.cookie);
    expect(fresh.entries[0]).toMatchObject({ rank: 1, wallet: short(users.last!.wallet), points: 900, isViewer: true });
    expect(fresh.entries.map((entry) => entry.rank)).toEqual([1, 2, 3, 3, 3]);
  });

  it('reads a page and a viewer rank through the leaderboard index', async () => {
    await seed(field);
    const page = await plan(
      'select id from users where blocked_at is null and total_points > 0 ' +
        'order by total_points desc, coalesce(last_tweet_claim_at, created_at), id limit 10 offset 20',
    );
    expect(page).toMatch(/users_leaderboard_idx/);
    expect(page).not.toMatch(/TEMP B-TREE|Sort\b/);
    const rank = await plan('select count(*) from users where blocked_at is null and total_points > 300');
    expect(rank).toMatch(/users_leaderboard_idx/);
  });
});

/** The plan's text on either dialect; PostgreSQL may not pick a sequential scan (the table is tiny). */
async function plan(query: string): Promise<string> {
  if (ctx.handle.dialect === 'sqlite') {
    const result = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(ctx.handle.db);
    return result.rows.map((row) => row.detail).join('\n');
  }
  return ctx.handle.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(trx);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
