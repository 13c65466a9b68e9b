import { describe, expect, it } from 'vitest';
import { requestTweetClaim } from '../helpers/claim-requests.js';
import { memberWithX, useFakeXApp } from '../helpers/fake-x-app.js';
import { useFakeUpstream } from '../helpers/fake-upstream.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

let nextTweetId = 1790000000000000000n;

const goodText =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';

const ctx = useFakeXApp({ MINING_OPEN: 'true', UPSTREAM_TIMEOUT_MS: '400' });

const connectedUser = (wallet: string = mainnetWallets.taproot, xId = '2002') =>
  memberWithX(ctx, wallet, { id: xId, username: `user${xId}`, verifiedType: 'none' });

function publish(authorId: string, text = goodText, createdAt = new Date()): string {
  nextTweetId += 1n;
  const id = nextTweetId.toString();
  ctx.fakeX.addPost(id, { authorId, text, createdAt });
  return id;
}

function post(session: { cookie: string; userId: number }, overrides: Record<string, unknown> = {}) {
  return requestTweetClaim(ctx.app, session, {
    tweetText: goodText,
    isCustom: true,
    actualTweetUrl: `https://x.com/poster/status/${publish('2002')}`,
    postingStartTime: Date.now() - 60_000,
    ...overrides,
  });
}

describe('POST /api/tweets/post', () => {
  it('awards 100 points for a verified claim and starts the 3-hour cooldown', async () => {
    const session = await connectedUser();
    const response = await post(session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, pointsEarned: 100, totalAcornMined: 100 });

    const cooldown = await ctx.app.inject({
      method: 'GET',
      url: `/api/tweets/cooldown?userId=${session.userId}`,
      headers: { cookie: session.cookie },
    });
    expect(cooldown.json()).toEqual({ onCooldown: true, remainingHours: 3, remainingMinutes: 0 });

    const tweets = await ctx.app.inject({
      method: 'GET',
      url: `/api/tweets/user?wallet=${mainnetWallets.taproot}`,
      headers: { cookie: session.cookie },
    });
    expect(tweets.json().tweets).toHaveLength(1);
  });

  it('awards 150 points to a paid-tier verified account', async () => {
    const session = await memberWithX(ctx, mainnetWallets.taproot, { id: '2002', username: 'blue', verifiedType: 'blue' });
    expect((await post(session)).json().pointsEarned).toBe(150);
  });

  it('answers 429 TWEET_COOLDOWN_ACTIVE with the remaining time during the cooldown', async () => {
    const session = await connectedUser();
    await post(session);
    const second = await post(session);
    expect(second.statusCode).toBe(429);
    // Rounded up: a visitor is never told they may post before they can.
    expect(second.json()).toMatchObject({ error: 'TWEET_COOLDOWN_ACTIVE', remainingHours: 3, remainingMinutes: 0 });
    expect(second.json().message).toBe('You need to wait 3h 0m before posting another tweet.');
  });

  it('lets exactly one of two concurrent posts win', async () => {
    const session = await connectedUser();
    const results = await Promise.all([post(session), post(session), post(session)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
    const user = await ctx.handle.db.selectFrom('users').select('total_points').where('id', '=', session.userId).executeTakeFirstOrThrow();
    expect(user.total_points).toBe(100);
    const claims = await ctx.handle.db.selectFrom('tweet_claims').selectAll().execute();
    expect(claims).toHaveLength(1);
  });

  it('refuses the same post claimed twice or by two wallets with 409', async () => {
    const first = await connectedUser(mainnetWallets.taproot, '2002');
    const tweetId = publish('2002');
    const url = `https://x.com/poster/status/${tweetId}`;
    expect((await post(first, { actualTweetUrl: url })).statusCode).toBe(200);
    await ctx.handle.db.updateTable('users').set({ last_tweet_claim_at: null }).execute();
    expect((await post(first, { actualTweetUrl: url })).statusCode).toBe(409);

    const second = await connectedUser(mainnetWallets.legacy, '3003');
    const other = await post(second, { actualTweetUrl: `https://twitter.com/poster/status/${tweetId}` });
    expect([403, 409]).toContain(other.statusCode);
  });

  it('refuses a URL on another host or without a status id with the spec message', async () => {
    const session = await connectedUser();
    for (const actualTweetUrl of ['https://evil.com/poster/status/1', 'https://x.com/poster', 'x.com']) {
      const response = await post(session, { actualTweetUrl });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please provide a valid x.com or twitter.com post URL.');
    }
  });

  it('refuses 281 weighted characters and missing hashtags', async () => {
    const session = await connectedUser();
    const long = await post(session, { tweetText: `${'a'.repeat(267)} #ACORN #BRC20` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Tweet exceeds 280 character limit (currently 281)');
    const noTag = await post(session, { tweetText: goodText.replace('#ACORN', '') });
    expect(noTag.json().message).toBe('Tweet must include #ACORN');
    const noBrc = await post(session, { tweetText: goodText.replace('#BRC20', '') });
    expect(noBrc.json().message).toBe('Tweet must include #BRC20 or #BRC2.0');
  });

  it("refuses another user's userId with 403 and a visitor with 401", async () => {
    const session = await connectedUser();
    expect((await post(session, { userId: session.userId + 1 })).statusCode).toBe(403);
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/tweets/post',
      payload: { userId: 1, tweetText: goodText, isCustom: true, actualTweetUrl: 'https://x.com/a/status/1', postingStartTime: 0 },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('requires a connected X account', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.p2sh);
    const response = await post(session);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Please connect your X account first.');
  });

  it('checks the post on X: unknown, other author, missing hashtag, older than the compose tab', async () => {
    const session = await connectedUser();
    const unknown = await post(session, { actualTweetUrl: 'https://x.com/poster/status/999' });
    expect(unknown.json().error).toBe('TWEET_NOT_FOUND');
    const otherAuthor = await post(session, { actualTweetUrl: `https://x.com/a/status/${publish('9999')}` });
    expect(otherAuthor.json().error).toBe('TWEET_NOT_YOURS');
    const untagged = await post(session, {
      actualTweetUrl: `https://x.com/a/status/${publish('2002', goodText.replace('#BRC20', ''))}`,
    });
    expect(untagged.json().error).toBe('TWEET_RULES');
    const old = await post(session, {
      actualTweetUrl: `https://x.com/a/status/${publish('2002', goodText, new Date(Date.now() - 3_600_000))}`,
    });
    expect(old.json().error).toBe('TWEET_TOO_OLD');
    const user = await ctx.handle.db.selectFrom('users').select('total_points').where('id', '=', session.userId).executeTakeFirstOrThrow();
    expect(user.total_points).toBe(0);
  });

  it('answers 502 in bounded time and awards nothing when X hangs or fails', async () => {
    const session = await connectedUser();
    for (const mode of ['hang', 'fail'] as const) {
      ctx.fakeX.setMode('tweets', mode);
      const started = Date.now();
      const response = await post(session);
      expect(response.statusCode).toBe(502);
      expect(Date.now() - started).toBeLessThan(3000);
    }
    const claims = await ctx.handle.db.selectFrom('tweet_claims').selectAll().execute();
    expect(claims).toHaveLength(0);
  });

  it('answers 403 MINING_CLOSED while the mining phase is closed', async () => {
    await ctx.rebuild({ ...ctx.fakeX.env, UPSTREAM_TIMEOUT_MS: '400' });
    const session = await connectedUser();
    const response = await post(session);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('MINING_CLOSED');
  });
});

describe('GET /api/tweets/user', () => {
  function page(session: { cookie: string }, query = '') {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/tweets/user?wallet=${mainnetWallets.taproot}${query}`,
      headers: { cookie: session.cookie },
    });
  }

  it('answers the newest 5 claims with the total, and the rest with an offset', async () => {
    const session = await connectedUser();
    // Seven different posts: the same text again would be the same post (one claim per post).
    const texts = [
      goodText,
      'Fees are up again and my squirrels do not care; long-term holders keep building on ordinals. #ACORN #BRC20',
      'New collectors: read the docs, check the inscription, then join the forest. Patience pays here. #ACORN #BRC20',
      'The halving is close and the squirrel crew is calm. Culture first, charts later, acorns always. #ACORN #BRC20',
      'Made a meme at 3am, shared it at dawn, and the whole community laughed with me. Good people here. #ACORN #BRC20',
      'Ordinals made Bitcoin art permanent; this collection made it fun. Both things can be true at once. #ACORN #BRC20',
      'Quiet week on the charts, busy week in the chat. That is how you know a community is real. #ACORN #BRC20',
    ];
    for (const text of texts) {
      const response = await post(session, { tweetText: text, actualTweetUrl: `https://x.com/poster/status/${publish('2002', text)}` });
      expect(response.statusCode, response.body).toBe(200);
      await ctx.handle.db.updateTable('users').set({ last_tweet_claim_at: null }).execute();
    }
    const first = (await page(session)).json();
    expect(first.total).toBe(7);
    expect(first.tweets).toHaveLength(5);
    const rest = (await page(session, '&offset=5')).json();
    expect(rest).toMatchObject({ total: 7 });
    expect(rest.tweets).toHaveLength(2);

    const claims = await ctx.handle.db.selectFrom('tweet_claims').select('id').orderBy('id', 'desc').execute();
    expect([...first.tweets, ...rest.tweets].map((tweet: { id: number }) => tweet.id)).toEqual(claims.map((c) => c.id));
    expect((await page(session, '&limit=50')).json().tweets).toHaveLength(7);
    expect((await page(session, '&limit=3&offset=6')).json().tweets).toHaveLength(1);
  });

  it('refuses a page size over 50, under 1, or a negative offset with 400', async () => {
    const session = await connectedUser();
    for (const query of ['&limit=51', '&limit=0', '&offset=-1', '&limit=many']) {
      expect((await page(session, query)).statusCode, query).toBe(400);
    }
  });
});

describe('POST /api/tweets/generate-custom', () => {
  const llm = useFakeUpstream();

  it('generates a valid tweet offline by default', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/tweets/generate-custom',
      headers: { cookie: session.cookie },
      payload: { prompt: 'winter is coming for <b>squirrels</b>', userId: session.userId },
    });
    expect(response.statusCode).toBe(200);
    const { tweetText } = response.json();
    const { checkTweet } = await import('../../shared/tweet-rules.js');
    expect(checkTweet(tweetText).valid).toBe(true);
  });

  it('refuses an empty prompt and another user id', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/tweets/generate-custom',
      headers: { cookie: session.cookie },
      payload: { prompt: '  ', userId: session.userId },
    });
    expect(empty.json()).toMatchObject({ error: 'PROMPT_REQUIRED' });
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/tweets/generate-custom',
      headers: { cookie: session.cookie },
      payload: { prompt: 'hi', userId: session.userId + 1 },
    });
    expect(other.statusCode).toBe(403);
  });

  it('repairs an LLM answer into a valid tweet, and rejects garbage with 502', async () => {
    await ctx.rebuild({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'k', UPSTREAM_TIMEOUT_MS: '300' });
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/tweets/generate-custom',
        headers: { cookie: session.cookie },
        payload: { prompt: 'acorns', userId: session.userId },
      });

    llm.set('/chat/completions', {
      kind: 'json',
      body: { choices: [{ message: { content: '"Acorns on Bitcoin, forever stacked by a very patient squirrel community"' } }] },
    });
    const repaired = await ask();
    expect(repaired.statusCode).toBe(200);
    expect(repaired.json().tweetText).toMatch(/#ACORN/);
    expect(repaired.json().tweetText).toMatch(/#BRC20/);

    llm.set('/chat/completions', { kind: 'json', body: { nothing: true } });
    expect((await ask()).statusCode).toBe(502);
    llm.set('/chat/completions', { kind: 'hang' });
    const hung = await ask();
    expect(hung.statusCode).toBe(502);
    expect(hung.json().message).toBe('Failed to generate tweet. Please try again.');
  });
});

describe('GET /api/stats', () => {
  it('counts activity as numeric strings', async () => {
    await connectedUser();
    await loginCookie(ctx.app, mainnetWallets.legacy);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/stats' });
    expect(response.json()).toEqual({
      userActivity: {
        totalUsers: '2',
        activeUsers: '2',
        signupsToday: '2',
        signupsThisWeek: '2',
        twitterConnections: '1',
        todayTweetPosts: '0',
      },
    });
  });
});
