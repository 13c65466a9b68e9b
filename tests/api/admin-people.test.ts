import { describe, expect, it } from 'vitest';
import { signedInAs } from '../helpers/admin-callers.js';
import { useTestApp } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const ctx = useTestApp({}, { clock: Date.parse('2026-12-01T10:00:00Z') });

const member = mainnetWallets.taproot;
const other = mainnetWallets.segwitKey;

const signedInAdmin = () => signedInAs(ctx, 'admin');

/** A member with an X account linked now (after an earlier one), two claims, 30 points and an answered dispute. */
async function seedMember(admin: { cookie: string }) {
  const session = await loginCookie(ctx.app, member);
  const db = ctx.handle.db;
  const at = ctx.clock - 86_400_000;
  await db.insertInto('x_account_bindings').values({ x_user_id: '1001', user_id: session.userId, created_at: at }).execute();
  await db.insertInto('x_account_bindings').values({ x_user_id: '2002', user_id: session.userId, created_at: at + 1000 }).execute();
  await db
    .insertInto('twitter_accounts')
    .values({
      user_id: session.userId,
      x_user_id: '2002',
      handle: 'AcornFan_42',
      is_verified: 1,
      verification_checked_at: at + 1000,
      access_token: 'sealed-access-token-secret',
      refresh_token: 'sealed-refresh-token-secret',
      token_expires_at: null,
      created_at: at + 1000,
    })
    .execute();
  const claim = (id: string, points: number, when: number) => ({
    user_id: session.userId,
    tweet_id: id,
    tweet_url: `https://x.com/AcornFan_42/status/${id}`,
    tweet_text: 'Gathering acorns',
    is_custom: 0,
    points,
    created_at: when,
    meme_id: null,
  });
  await db.insertInto('tweet_claims').values([claim('1111', 10, at + 2000), claim('2222', 20, at + 3000)]).execute();
  await db.updateTable('users').set({ total_points: 30, last_tweet_claim_at: at + 3000 }).where('id', '=', session.userId).execute();

  const filed = await ctx.app.inject({
    method: 'POST',
    url: '/api/allocation/disputes',
    headers: { cookie: session.cookie },
    payload: { message: 'Where are my tokens?' },
  });
  const answered = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/disputes/${filed.json().dispute.id}/answer`,
    headers: { cookie: admin.cookie },
    payload: { message: 'Under Staking Season 1.' },
  });
  expect(answered.statusCode).toBe(200);
  return session;
}

const search = (cookie: string, q: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/people?q=${encodeURIComponent(q)}`, headers: { cookie } });
const record = (cookie: string, wallet: string) => ctx.app.inject({ method: 'GET', url: `/api/admin/people/${wallet}`, headers: { cookie } });
const adjust = (cookie: string, wallet: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/people/${wallet}/points`, headers: { cookie }, payload: payload as object });

describe('the people of the operator console', () => {
  it('finds members by wallet (exact or its beginning) and by X handle in any case, with or without @', async () => {
    const admin = await signedInAdmin();
    await seedMember(admin);
    await loginCookie(ctx.app, other);

    const wallets = async (q: string) => (await search(admin.cookie, q)).json().people.map((p: { walletAddress: string }) => p.walletAddress);
    expect(await wallets(member)).toEqual([member]);
    expect(await wallets(member.slice(0, 12))).toEqual([member]);
    expect(await wallets(member.slice(0, 12).toUpperCase())).toEqual([member]);
    expect(await wallets('bc1q')).toEqual([other]);
    for (const q of ['AcornFan_42', '@AcornFan_42', 'acornfan_42', '@ACORNFAN_42', 'acornfan']) expect(await wallets(q), q).toEqual([member]);
    expect(await wallets('nobody_here')).toEqual([]);
    expect(await wallets('%')).toEqual([]);

    const found = await search(admin.cookie, '@acornfan_42');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ people: [{ walletAddress: member, xHandle: 'AcornFan_42', points: 30, blocked: false }] });

    expect((await search(admin.cookie, '')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/people', headers: { cookie: admin.cookie } })).statusCode).toBe(400);
  });

  it("shows a member's points, claims, X link history, disputes and sessions without any secret", async () => {
    const admin = await signedInAdmin();
    const session = await seedMember(admin);
    await ctx.handle.db
      .insertInto('sessions')
      .values({ id_hash: 'a'.repeat(64), user_id: session.userId, created_at: ctx.clock - 40 * 86_400_000, expires_at: ctx.clock - 10 * 86_400_000, proven: 1, wallet_name: 'Xverse' })
      .execute();
    const response = await record(admin.cookie, member);
    expect(response.statusCode).toBe(200);
    const { person } = response.json();
    expect(person).toMatchObject({ walletAddress: member, blocked: false, blockedReason: null, points: 30, claimCount: 2 });
    expect(person.xAccount).toEqual({ handle: 'AcornFan_42', isVerified: true });
    expect(person.claims.map((c: { points: number; kind: string }) => [c.kind, c.points])).toEqual([
      ['tweet', 20],
      ['tweet', 10],
    ]);
    expect(person.xLinks).toMatchObject([
      { xUserId: '1001', handle: null, current: false },
      { xUserId: '2002', handle: 'AcornFan_42', current: true },
    ]);
    expect(person.disputes).toMatchObject([{ status: 'answered', answer: 'Under Staking Season 1.', message: 'Where are my tokens?' }]);
    expect(person.sessions).toMatchObject([
      { proven: false, ended: false, walletName: null },
      { proven: true, ended: true, walletName: 'Xverse', lastSeenAt: null },
    ]);
    expect(Object.keys(person.sessions[0]).sort()).toEqual(['createdAt', 'ended', 'expiresAt', 'lastSeenAt', 'proven', 'walletName']);

    const text = response.body;
    const sessionId = decodeURIComponent(session.cookie.split('=')[1]!);
    const stored = await ctx.handle.db.selectFrom('sessions').select('id_hash').execute();
    for (const secret of [sessionId, ...stored.map((row) => row.id_hash), 'sealed-access-token-secret', 'sealed-refresh-token-secret']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/"\w*(token|hash|cookie|secret)\w*":/i);

    // A blocked member: the block and its reason, and their sessions are gone.
    await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${member}/block`, headers: { cookie: admin.cookie }, payload: { reason: 'bot farm' } });
    const blocked = (await record(admin.cookie, member)).json().person;
    expect(blocked).toMatchObject({ blocked: true, blockedReason: 'bot farm', sessions: [] });

    const unknown = await record(admin.cookie, mainnetWallets.legacy);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('NOT_FOUND');
  });

  it('adjusts points up and down with a reason: the leaderboard follows, below zero is refused, one audit entry each', async () => {
    const admin = await signedInAdmin();
    const session = await seedMember(admin);
    const leaderboard = async () => {
      // Past the leaderboard's cache time; its first read after that refreshes it.
      ctx.clock += 31_000;
      await ctx.app.inject({ method: 'GET', url: '/api/mining/leaderboard' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await ctx.app.inject({ method: 'GET', url: '/api/mining/leaderboard', headers: { cookie: session.cookie } });
      return response.json() as { entries: { xHandle: string | null; points: number }[]; viewer: { points: number } };
    };
    expect((await leaderboard()).entries).toMatchObject([{ xHandle: 'AcornFan_42', points: 30 }]);

    const up = await adjust(admin.cookie, member, { delta: 15, reason: 'a meme contest prize' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ walletAddress: member, before: 30, points: 45 });
    const afterUp = await leaderboard();
    expect(afterUp.entries).toMatchObject([{ xHandle: 'AcornFan_42', points: 45 }]);
    expect(afterUp.viewer.points).toBe(45);

    const down = await adjust(admin.cookie, member.toUpperCase(), { delta: -40, reason: 'claims of deleted posts' });
    expect(down.json()).toEqual({ walletAddress: member, before: 45, points: 5 });
    expect((await leaderboard()).entries).toMatchObject([{ xHandle: 'AcornFan_42', points: 5 }]);

    const entriesBefore = await ctx.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'points.adjust').orderBy('id').execute();
    const refused = await adjust(admin.cookie, member, { delta: -6, reason: 'too much' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('CONFLICT');
    expect(refused.json().message).toMatch(/below zero/);
    expect((await record(admin.cookie, member)).json().person.points).toBe(5);

    const entries = await ctx.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'points.adjust').orderBy('id').execute();
    expect(entries).toEqual(entriesBefore);
    expect(entries.map((e) => ({ ...e, id: 0, at: 0, before: JSON.parse(e.before!), after: JSON.parse(e.after!) }))).toEqual([
      {
        id: 0,
        at: 0,
        actor: admin.wallet,
        actor_role: 'admin',
        action: 'points.adjust',
        target: member,
        reason: 'a meme contest prize',
        before: { points: 30 },
        after: { points: 45 },
      },
      {
        id: 0,
        at: 0,
        actor: admin.wallet,
        actor_role: 'admin',
        action: 'points.adjust',
        target: member,
        reason: 'claims of deleted posts',
        before: { points: 45 },
        after: { points: 5 },
      },
    ]);

    const down2 = await adjust(admin.cookie, member, { delta: -5, reason: 'to zero' });
    expect(down2.json().points).toBe(0);
    expect((await leaderboard()).entries).toEqual([]);

    const unknown = await adjust(admin.cookie, mainnetWallets.legacy, { delta: 1, reason: 'nobody' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses malformed adjustments with 400 and changes nothing', async () => {
    const admin = await signedInAdmin();
    await seedMember(admin);
    const bodies: unknown[] = [
      {},
      { delta: 5 },
      { reason: 'no delta' },
      { delta: 0, reason: 'nothing' },
      { delta: 1.5, reason: 'a fraction' },
      { delta: '5', reason: 'text' },
      { delta: 1_000_001, reason: 'too many' },
      { delta: -1_000_001, reason: 'too few' },
      { delta: 5, reason: '' },
      { delta: 5, reason: '   ' },
      { delta: 5, reason: 'x'.repeat(501) },
      { delta: 5, reason: 'extra', more: true },
      [1, 2],
    ];
    for (const body of bodies) {
      const response = await adjust(admin.cookie, member, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const text = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/people/${member}/points`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: '{"delta": 5,',
    });
    expect(text.statusCode).toBe(400);
    expect((await record(admin.cookie, member)).json().person.points).toBe(30);
    expect(await ctx.handle.db.selectFrom('audit_log').select('id').where('action', '=', 'points.adjust').execute()).toEqual([]);
  });

  it("refuses an admin's change to their own points with 409 ADMIN_OWN_WALLET, in any case of the address; another admin may", async () => {
    const admin = await signedInAdmin();
    for (const wallet of [admin.wallet, admin.wallet.toUpperCase()]) {
      const own = await adjust(admin.cookie, wallet, { delta: 1_000_000, reason: 'my reward' });
      expect(own.statusCode, wallet).toBe(409);
      expect(own.json()).toMatchObject({ error: 'ADMIN_OWN_WALLET', message: 'You cannot change your own points: another admin can.' });
    }
    expect((await record(admin.cookie, admin.wallet)).json().person.points).toBe(0);
    expect(await ctx.handle.db.selectFrom('audit_log').select('id').where('action', '=', 'points.adjust').execute()).toEqual([]);

    const other = await signedInAdmin();
    const byOther = await adjust(other.cookie, admin.wallet, { delta: 5, reason: 'meme contest prize' });
    expect(byOther.statusCode).toBe(200);
    expect(byOther.json().points).toBe(5);
  });
});
