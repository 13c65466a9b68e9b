import { describe, expect, it } from 'vitest';
import { signedInAs } from '../helpers/admin-callers.js';
import { type TestApp, useTestApp } from '../helpers/build-app.js';
import { requestTweetClaim } from '../helpers/claim-requests.js';
import { type Member, memberWithX, miningEnv, useFakeXApp } from '../helpers/fake-x-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

/** A reviewer's calls on the claims list of `ctx`'s app. */
function reviewerCalls(ctx: TestApp) {
  const signedIn = (role: 'reviewer' | 'admin') => signedInAs(ctx, role);

  async function list(cookie: string, query = '') {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/claims?${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      claims: Array<{
        id: number;
        outcome: string;
        kind: string;
        postUrl: string;
        points: number;
        walletAddress: string;
        refusal: { code: string; score: number | null; matchedClaimId: number | null } | null;
        revocation: { at: string; reason: string | null } | null;
      }>;
      nextBefore: string | null;
    };
  }

  return { signedIn, list };
}

describe('refused claim attempts', () => {
  let nextPostId = 1996000000000000000n;
  const ctx = useFakeXApp({ ...miningEnv, UPSTREAM_TIMEOUT_MS: '1000' });
  const { signedIn, list } = reviewerCalls(ctx);

  const member = (wallet: string, xId: string) => memberWithX(ctx, wallet, { id: xId, username: `farmer${xId}` });

  function claimTweet(who: Member, text: string) {
    nextPostId += 1n;
    const tweetId = nextPostId.toString();
    ctx.fakeX.addPost(tweetId, { authorId: who.xId, text, createdAt: new Date() });
    return requestTweetClaim(ctx.app, who, {
      tweetText: text,
      isCustom: true,
      actualTweetUrl: `https://x.com/farmer${who.xId}/status/${tweetId}`,
      postingStartTime: Date.now() - 60_000,
    });
  }

  it("are kept with their code, a near copy's score and the claim it matched; the member hears the same refusal", async () => {
    const first = await member(mainnetWallets.taproot, '7201');
    const farmer = await member(mainnetWallets.segwitKey, '7202');
    const original =
      'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';
    expect((await claimTweet(first, original)).statusCode).toBe(200);
    const claimed = await ctx.handle.db.selectFrom('tweet_claims').select('id').executeTakeFirstOrThrow();

    const paraphrase =
      'Squirrels keep stacking acorns on Bitcoin all winter long. The ordinals community never sleeps, and neither do I. #ACORN #BRC20';
    const copy = await claimTweet(farmer, paraphrase);
    expect(copy.statusCode).toBe(409);
    expect(copy.json()).toEqual({ error: 'DUPLICATE_CONTENT', message: expect.stringContaining('own words') });

    const early = await claimTweet(first, 'A second post of my own about the acorn harvest, written while the cooldown is still running for me today. #ACORN #BRC20');
    expect(early.statusCode, early.body).toBe(429);
    expect(early.json().error).toBe('TWEET_COOLDOWN_ACTIVE');

    const reviewer = await signedIn('reviewer');
    const refused = await list(reviewer.cookie, 'outcome=refused');
    expect(refused.claims.map((claim) => [claim.walletAddress, claim.refusal?.code, claim.points])).toEqual([
      [mainnetWallets.taproot, 'TWEET_COOLDOWN_ACTIVE', 0],
      [mainnetWallets.segwitKey, 'DUPLICATE_CONTENT', 0],
    ]);
    expect(refused.claims[0]).toMatchObject({ outcome: 'refused', kind: 'tweet', refusal: { score: null, matchedClaimId: null }, revocation: null });
    const duplicate = refused.claims[1]!.refusal!;
    expect(duplicate.matchedClaimId).toBe(Number(claimed.id));
    expect(duplicate.score).toBeGreaterThan(0.5);
    expect(duplicate.score).toBeLessThan(1);
    expect(refused.claims[1]!.postUrl).toMatch(/^https:\/\/x\.com\/farmer7202\/status\/\d+$/);

    // Everything, newest first: the two refusals after the one accepted claim.
    expect((await list(reviewer.cookie)).claims.map((claim) => claim.outcome)).toEqual(['refused', 'refused', 'accepted']);
    expect((await list(reviewer.cookie, 'outcome=accepted')).claims.map((claim) => claim.id)).toEqual([Number(claimed.id)]);
  }, 60_000);
});

describe('the claims list, revoking and restoring', () => {
  const ctx = useTestApp({}, { clock: Date.parse('2026-12-01T10:00:00Z') });
  const { signedIn, list } = reviewerCalls(ctx);

  /** A member with an X handle, a tweet claim of 10 and a meme claim of 20 (30 points), and one refused attempt. */
  async function seedMember() {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const db = ctx.handle.db;
    const at = ctx.clock - 86_400_000;
    await db
      .insertInto('twitter_accounts')
      .values({ user_id: session.userId, x_user_id: '3003', handle: 'AcornFan_42', is_verified: 0, verification_checked_at: at, created_at: at })
      .execute();
    const claim = (id: string, points: number, when: number, memeId: number | null) => ({
      user_id: session.userId,
      tweet_id: id,
      tweet_url: `https://x.com/AcornFan_42/status/${id}`,
      tweet_text: 'Gathering acorns',
      is_custom: 0,
      points,
      created_at: when,
      meme_id: memeId,
    });
    await db.insertInto('tweet_claims').values([claim('1111', 10, at + 1000, null), claim('2222', 20, at + 3000, 7)]).execute();
    await db
      .insertInto('claim_refusals')
      .values({ user_id: session.userId, kind: 'tweet', tweet_id: '3333', tweet_url: 'https://x.com/AcornFan_42/status/3333', code: 'TWEET_COOLDOWN_ACTIVE', created_at: at + 2000 })
      .execute();
    await db.updateTable('users').set({ total_points: 30, last_tweet_claim_at: at + 3000 }).where('id', '=', session.userId).execute();
    const ids = await db.selectFrom('tweet_claims').select(['id', 'tweet_id']).orderBy('id').execute();
    return { session, tweetClaim: Number(ids[0]!.id), memeClaim: Number(ids[1]!.id) };
  }

  it('filters by kind and outcome, newest first, and pages through claims and refusals alike', async () => {
    const { tweetClaim, memeClaim } = await seedMember();
    const reviewer = await signedIn('reviewer');
    const all = await list(reviewer.cookie);
    expect(all.claims.map((claim) => [claim.outcome, claim.kind, claim.postUrl.slice(-4)])).toEqual([
      ['accepted', 'meme', '2222'],
      ['refused', 'tweet', '3333'],
      ['accepted', 'tweet', '1111'],
    ]);
    expect(all.nextBefore).toBeNull();
    expect((await list(reviewer.cookie, 'kind=meme')).claims.map((claim) => claim.id)).toEqual([memeClaim]);
    expect((await list(reviewer.cookie, 'kind=tweet')).claims.map((claim) => claim.outcome)).toEqual(['refused', 'accepted']);
    expect((await list(reviewer.cookie, 'kind=meme&outcome=refused')).claims).toEqual([]);
    expect((await list(reviewer.cookie, 'outcome=revoked')).claims).toEqual([]);

    const paged: string[] = [];
    let before: string | null = null;
    do {
      const page = await list(reviewer.cookie, `limit=1${before ? `&before=${before}` : ''}`);
      expect(page.claims).toHaveLength(1);
      paged.push(page.claims[0]!.postUrl.slice(-4));
      before = page.nextBefore;
    } while (before);
    expect(paged).toEqual(['2222', '3333', '1111']);

    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${tweetClaim}/revoke`,
      headers: { cookie: reviewer.cookie },
      payload: { reason: 'deleted post' },
    });
    expect((await list(reviewer.cookie, 'outcome=revoked')).claims).toMatchObject([
      { id: tweetClaim, outcome: 'revoked', points: 10, revocation: { reason: 'deleted post' } },
    ]);
    expect((await list(reviewer.cookie, 'outcome=accepted')).claims.map((claim) => claim.id)).toEqual([memeClaim]);

    for (const query of ['outcome=rejected', 'kind=thread', 'before=12', 'limit=0', 'unknown=1']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/claims?${query}`, headers: { cookie: reviewer.cookie } });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("revoking takes the claim's points from the member and the leaderboard, restoring gives them back; both on the record", async () => {
    const { session, tweetClaim, memeClaim } = await seedMember();
    const reviewer = await signedIn('reviewer');
    const change = (id: number, action: 'revoke' | 'restore', payload: object = { reason: 'checked' }) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/claims/${id}/${action}`, headers: { cookie: reviewer.cookie }, payload });
    const leaderboard = async () => {
      // Past the leaderboard's cache time; its first read after that refreshes it.
      ctx.clock += 31_000;
      await ctx.app.inject({ method: 'GET', url: '/api/mining/leaderboard' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await ctx.app.inject({ method: 'GET', url: '/api/mining/leaderboard', headers: { cookie: session.cookie } });
      return response.json() as { entries: { xHandle: string | null; points: number }[]; viewer: { points: number } };
    };
    expect((await leaderboard()).entries).toMatchObject([{ xHandle: 'AcornFan_42', points: 30 }]);

    const revokedAt = ctx.clock;
    const revoked = await change(memeClaim, 'revoke', { reason: 'the meme post was deleted' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      claim: { id: memeClaim, outcome: 'revoked', points: 20, revocation: { reason: 'the meme post was deleted' } },
      memberPoints: 10,
    });
    const afterRevoke = await leaderboard();
    expect(afterRevoke.entries).toMatchObject([{ xHandle: 'AcornFan_42', points: 10 }]);
    expect(afterRevoke.viewer.points).toBe(10);

    const again = await change(memeClaim, 'revoke');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('CONFLICT');
    expect((await change(tweetClaim, 'restore')).statusCode).toBe(409);

    const restoredAt = ctx.clock;
    const restored = await change(memeClaim, 'restore', { reason: 'the post is back up' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ claim: { id: memeClaim, outcome: 'accepted', revocation: null }, memberPoints: 30 });
    expect((await leaderboard()).entries).toMatchObject([{ xHandle: 'AcornFan_42', points: 30 }]);
    expect((await change(memeClaim, 'restore')).statusCode).toBe(409);

    const entries = await ctx.handle.db.selectFrom('audit_log').selectAll().where('action', 'like', 'claim.%').orderBy('id').execute();
    expect(entries.map((entry) => ({ ...entry, id: 0, before: JSON.parse(entry.before!), after: JSON.parse(entry.after!) }))).toEqual([
      {
        id: 0,
        at: revokedAt,
        actor: reviewer.wallet,
        actor_role: 'reviewer',
        action: 'claim.revoke',
        target: `claim:${memeClaim}`,
        reason: 'the meme post was deleted',
        before: { outcome: 'accepted', claimPoints: 20, wallet: mainnetWallets.taproot, memberPoints: 30 },
        after: { outcome: 'revoked', claimPoints: 20, wallet: mainnetWallets.taproot, memberPoints: 10 },
      },
      {
        id: 0,
        at: restoredAt,
        actor: reviewer.wallet,
        actor_role: 'reviewer',
        action: 'claim.restore',
        target: `claim:${memeClaim}`,
        reason: 'the post is back up',
        before: { outcome: 'revoked', claimPoints: 20, wallet: mainnetWallets.taproot, memberPoints: 10 },
        after: { outcome: 'accepted', claimPoints: 20, wallet: mainnetWallets.taproot, memberPoints: 30 },
      },
    ]);
  });

  it('answers 404 for an unknown claim, 400 without a reason, 409 when the points are no longer there; none of them on the record', async () => {
    const { session, tweetClaim } = await seedMember();
    const reviewer = await signedIn('reviewer');
    const change = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie: reviewer.cookie }, payload });
    const unknown = await change('/api/admin/claims/999999/revoke', { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('NOT_FOUND');
    expect((await change('/api/admin/claims/999999/restore', { reason: 'x' })).statusCode).toBe(404);
    for (const payload of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      expect((await change(`/api/admin/claims/${tweetClaim}/revoke`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await change('/api/admin/claims/abc/revoke', { reason: 'x' })).statusCode).toBe(400);

    // Points taken another way first: revoking would leave the member below zero.
    await ctx.handle.db.updateTable('users').set({ total_points: 5 }).where('id', '=', session.userId).execute();
    const below = await change(`/api/admin/claims/${tweetClaim}/revoke`, { reason: 'deleted' });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toMatch(/below zero/);
    const row = await ctx.handle.db.selectFrom('tweet_claims').select('revoked_at').where('id', '=', tweetClaim).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
    expect(await ctx.handle.db.selectFrom('audit_log').select('id').where('action', 'like', 'claim.%').execute()).toEqual([]);
  });
});
