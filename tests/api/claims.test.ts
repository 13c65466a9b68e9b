import { describe, expect, it } from 'vitest';
import { requestMemeClaim, requestTweetClaim } from '../helpers/claim-requests.js';
import { type Member, memberWithX, useFakeXApp } from '../helpers/fake-x-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** Tweets and memes earn points through one claim path: these tests drive both through it. */

const publicUrl = 'https://acorn.example';
const tweetText =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';
const shareTags = '#ACORN #BRC20 #AcornSquirrels';

let nextPostId = 1990000000000000000n;

const ctx = useFakeXApp();

const member = (wallet: string = mainnetWallets.taproot, xId = '7007', verifiedType: 'none' | 'blue' = 'none'): Promise<Member> =>
  memberWithX(ctx, wallet, { id: xId, username: `claimer${xId}`, verifiedType });

function publish(authorId: string, text: string, options: { urls?: string[]; createdAt?: Date } = {}): string {
  nextPostId += 1n;
  ctx.fakeX.addPost(nextPostId.toString(), { authorId, text, createdAt: options.createdAt ?? new Date(), urls: options.urls });
  return nextPostId.toString();
}

async function newMeme(who: Member): Promise<{ sessionToken: string; shareUrl: string; memeText: string; trackingCode: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/memes/generate',
    headers: { cookie: who.cookie },
    payload: { userId: who.userId, theme: 'hodl_gang', customPrompt: 'Acorns all the way down', templateId: 1 },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
}

function claimTweet(who: Member, tweetId: string) {
  return requestTweetClaim(ctx.app, who, {
    tweetText,
    isCustom: true,
    actualTweetUrl: `https://x.com/someone/status/${tweetId}`,
    postingStartTime: Date.now() - 60_000,
  });
}

const claimMeme = (who: Member, sessionToken: string, tweetId: string) => requestMemeClaim(ctx.app, who, sessionToken, tweetId);

/** A post on X as the Share to X button writes it: caption, share hashtags, then the meme's link. */
function memePost(who: Member, meme: { memeText: string; shareUrl: string }): string {
  return publish(who.xId, `${meme.memeText} ${shareTags}\n${meme.shareUrl}`);
}

async function points(userId: number): Promise<number> {
  const row = await ctx.handle.db.selectFrom('users').select('total_points').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.total_points);
}

async function endCooldown(): Promise<void> {
  await ctx.handle.db.updateTable('users').set({ last_tweet_claim_at: null }).execute();
}

describe('the cooldown is shared by tweets and memes', () => {
  it('refuses a meme claim within the cooldown of a tweet claim with 429 TWEET_COOLDOWN_ACTIVE', async () => {
    const who = await member();
    expect((await claimTweet(who, publish(who.xId, tweetText))).statusCode).toBe(200);
    const meme = await newMeme(who);
    const response = await claimMeme(who, meme.sessionToken, memePost(who, meme));
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ error: 'TWEET_COOLDOWN_ACTIVE', remainingHours: 3, remainingMinutes: 0 });
    expect(await points(who.userId)).toBe(100);
  });

  it('refuses a tweet claim within the cooldown of a meme claim', async () => {
    const who = await member();
    const meme = await newMeme(who);
    expect((await claimMeme(who, meme.sessionToken, memePost(who, meme))).statusCode).toBe(200);
    const response = await claimTweet(who, publish(who.xId, tweetText));
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toBe('TWEET_COOLDOWN_ACTIVE');
    expect(await points(who.userId)).toBe(50);
  });

  it('stops three memes from earning points in a row', async () => {
    const who = await member();
    const memes = [await newMeme(who), await newMeme(who), await newMeme(who)];
    const statuses = [];
    for (const meme of memes) statuses.push((await claimMeme(who, meme.sessionToken, memePost(who, meme))).statusCode);
    expect(statuses).toEqual([200, 429, 429]);
    expect(await points(who.userId)).toBe(50);
  });

  it('lets exactly one of a tweet and two memes claimed at the same moment win', async () => {
    const who = await member();
    const memes = [await newMeme(who), await newMeme(who)];
    const results = await Promise.all([
      claimTweet(who, publish(who.xId, tweetText)),
      ...memes.map((meme) => claimMeme(who, meme.sessionToken, memePost(who, meme))),
    ]);
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const claims = await ctx.handle.db.selectFrom('tweet_claims').selectAll().execute();
    expect(claims).toHaveLength(1);
    expect(await points(who.userId)).toBe(claims[0]!.points);
    const posted = await ctx.handle.db.selectFrom('memes').select('is_posted').where('is_posted', '=', 1).execute();
    expect(posted).toHaveLength(claims[0]!.meme_id === null ? 0 : 1);
  });
});

describe('one claim per post, by its author', () => {
  it('refuses a post already claimed as a tweet when it is claimed again for a meme, with 409', async () => {
    const who = await member();
    const meme = await newMeme(who);
    const tweetPost = publish(who.xId, `${tweetText} ${meme.shareUrl} #AcornSquirrels`);
    expect((await claimTweet(who, tweetPost)).statusCode).toBe(200);
    await endCooldown();
    const again = await claimMeme(who, meme.sessionToken, tweetPost);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('TWEET_ALREADY_CLAIMED');
    expect(await points(who.userId)).toBe(100);
  });

  it('refuses a post claimed for one meme when claimed for another', async () => {
    const who = await member();
    const first = await newMeme(who);
    const second = await newMeme(who);
    const both = publish(who.xId, `${first.memeText} ${shareTags} ${first.shareUrl} ${second.shareUrl}`);
    expect((await claimMeme(who, first.sessionToken, both)).statusCode).toBe(200);
    await endCooldown();
    const again = await claimMeme(who, second.sessionToken, both);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('TWEET_ALREADY_CLAIMED');
  });

  it("refuses another user's post for a tweet and for a meme with 403 TWEET_NOT_YOURS", async () => {
    const who = await member(mainnetWallets.taproot, '7007');
    const meme = await newMeme(who);
    const tweet = await claimTweet(who, publish('8008', tweetText));
    expect(tweet.statusCode).toBe(403);
    expect(tweet.json().error).toBe('TWEET_NOT_YOURS');
    const stolen = await claimMeme(who, meme.sessionToken, publish('8008', `${meme.memeText} ${shareTags} ${meme.shareUrl}`));
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error).toBe('TWEET_NOT_YOURS');
    expect(await points(who.userId)).toBe(0);
  });

  it('refuses a meme post made before the meme with TWEET_TOO_OLD', async () => {
    const who = await member();
    const meme = await newMeme(who);
    const old = publish(who.xId, `${meme.memeText} ${shareTags} ${meme.shareUrl}`, { createdAt: new Date(Date.now() - 3_600_000) });
    const response = await claimMeme(who, meme.sessionToken, old);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('TWEET_TOO_OLD');
  });
});

describe('closed mining', () => {
  it('answers 403 MINING_CLOSED to tweet and meme claims and awards nothing', async () => {
    await ctx.rebuild({ ...ctx.fakeX.env, UPSTREAM_TIMEOUT_MS: '500', PUBLIC_URL: publicUrl });
    const who = await member();
    const meme = await newMeme(who);
    for (const response of [await claimTweet(who, publish(who.xId, tweetText)), await claimMeme(who, meme.sessionToken, memePost(who, meme))]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('MINING_CLOSED');
    }
    expect(await points(who.userId)).toBe(0);
  });
});

describe('a meme claim must show the meme', () => {
  it('refuses a post whose whole text is #ACORN with 400 MEME_LINK_MISSING', async () => {
    const who = await member();
    const meme = await newMeme(who);
    const response = await claimMeme(who, meme.sessionToken, publish(who.xId, '#ACORN'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('MEME_LINK_MISSING');
    expect(response.json().message).toContain(meme.shareUrl);
    expect(response.json().message).not.toMatch(/[{}]/);
    expect(await points(who.userId)).toBe(0);
  });

  it("refuses a post linking another meme, or another site's /meme/ page", async () => {
    const who = await member();
    const meme = await newMeme(who);
    const other = await newMeme(who);
    const wrongMeme = await claimMeme(who, meme.sessionToken, publish(who.xId, `${meme.memeText} ${shareTags} ${other.shareUrl}`));
    expect(wrongMeme.json().error).toBe('MEME_LINK_MISSING');
    const wrongSite = await claimMeme(
      who,
      meme.sessionToken,
      publish(who.xId, `${meme.memeText} ${shareTags} https://evil.example/meme/${meme.trackingCode}`),
    );
    expect(wrongSite.json().error).toBe('MEME_LINK_MISSING');
    const longerCode = await claimMeme(who, meme.sessionToken, publish(who.xId, `${shareTags} ${meme.shareUrl}x`));
    expect(longerCode.json().error).toBe('MEME_LINK_MISSING');
  });

  it('refuses a post with the link but without the share hashtags with 400 MEME_HASHTAGS_MISSING', async () => {
    const who = await member();
    const meme = await newMeme(who);
    const response = await claimMeme(who, meme.sessionToken, publish(who.xId, `${meme.memeText} #ACORN #BRC20 ${meme.shareUrl}`));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('MEME_HASHTAGS_MISSING');
    expect(response.json().message).toContain('#AcornSquirrels');
    expect(await points(who.userId)).toBe(0);
  });

  it('accepts the link and hashtags as the Share to X button posts them, and awards 50 points', async () => {
    const who = await member();
    const meme = await newMeme(who);
    const response = await claimMeme(who, meme.sessionToken, memePost(who, meme));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, pointsEarned: 50 });
    expect(await points(who.userId)).toBe(50);
  });

  it('accepts the link with a trailing slash', async () => {
    const who = await member();
    const meme = await newMeme(who);
    const response = await claimMeme(who, meme.sessionToken, publish(who.xId, `${shareTags} ${meme.shareUrl}/`));
    expect(response.statusCode).toBe(200);
  });

  it('reads the link X shortened to t.co from the post’s url entities', async () => {
    const who = await member();
    const meme = await newMeme(who);
    const shortened = publish(who.xId, `${meme.memeText} ${shareTags} https://t.co/Abc123xyz`, { urls: [`${meme.shareUrl}/`] });
    const response = await claimMeme(who, meme.sessionToken, shortened);
    expect(response.statusCode).toBe(200);
  });
});

describe('paid-tier bonus', () => {
  it('awards 150 points for a tweet and 60 for a meme to a verified account', async () => {
    const who = await member(mainnetWallets.legacy, '9009', 'blue');
    expect((await claimTweet(who, publish(who.xId, tweetText))).json().pointsEarned).toBe(150);
    await endCooldown();
    const meme = await newMeme(who);
    expect((await claimMeme(who, meme.sessionToken, memePost(who, meme))).json().pointsEarned).toBe(60);
    expect(await points(who.userId)).toBe(210);
  });
});
