import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.js';
import { keepRefusalRecord, refusalsKeptPerMemberPerDay } from '../../server/features/claims/claims.service.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { requestMemeClaim, requestTweetClaim } from '../helpers/claim-requests.js';
import { buildWithFakeX, type FakeXApp, type Member, memberWithX, miningEnv } from '../helpers/fake-x-app.js';

/** Claim attempts are limited per member and per IP (CLAIM_RATE_LIMIT), and refused ones are kept within a daily bound. */

const tweetText =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';
const day = 24 * 60 * 60 * 1000;

let ctx: FakeXApp;
let nextPostId = 1980000000000000000n;
let nextXId = 9100;

async function app(env: Record<string, string> = {}) {
  ctx = await buildWithFakeX({ ...miningEnv, ...env });
}

/** A new member with X linked (a fresh wallet each time). */
async function member(): Promise<Member> {
  const xId = String(nextXId++);
  return memberWithX(ctx, createTestWallet('p2tr').address, { id: xId, username: `limited${xId}`, verifiedType: 'none' });
}

function publish(authorId: string): string {
  nextPostId += 1n;
  ctx.fakeX.addPost(nextPostId.toString(), { authorId, text: tweetText, createdAt: new Date() });
  return nextPostId.toString();
}

function claim(who: Member, tweetId: string, remoteAddress = '198.51.100.7') {
  return requestTweetClaim(
    ctx.app,
    who,
    { tweetText, isCustom: true, actualTweetUrl: `https://x.com/someone/status/${tweetId}`, postingStartTime: Date.now() - 60_000 },
    { remoteAddress },
  );
}

type Answer = Awaited<ReturnType<typeof claim>>;

function expectLimited(response: Answer, reason: RegExp) {
  expect(response.statusCode, response.body).toBe(429);
  const body = response.json();
  expect(body.error).toBe('RATE_LIMITED');
  expect(body.message).toMatch(reason);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(body.retryAfterSeconds).toBe(retryAfter);
}

async function refusalsKept(userId: number): Promise<number> {
  const rows = await ctx.handle.db.selectFrom('claim_refusals').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

describe('the claim rate limit', () => {
  it('defaults to 10 attempts a minute per member, and refuses a bad value at start naming it', () => {
    expect(loadConfig({}).claimRateLimit).toBe(10);
    expect(loadConfig({ CLAIM_RATE_LIMIT: '0' }).claimRateLimit).toBe(0);
    expect(() => loadConfig({ CLAIM_RATE_LIMIT: 'lots' })).toThrow(/CLAIM_RATE_LIMIT/);
    expect(() => loadConfig({ CLAIM_RATE_LIMIT: '-1' })).toThrow(/CLAIM_RATE_LIMIT/);
  });

  it('answers a member’s first 10 attempts as before, then 429 RATE_LIMITED with Retry-After, keeping no refusal for those', async () => {
    await app({ CLAIM_RATE_LIMIT: '10' });
    const who = await member();
    const post = publish(who.xId);

    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await claim(who, post));

    expect(answers[0]!.statusCode, answers[0]!.body).toBe(200);
    for (const refused of answers.slice(1, 10)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('TWEET_ALREADY_CLAIMED');
    }
    for (const limited of answers.slice(10)) expectLimited(limited, /claim/i);
    expect(await refusalsKept(who.userId)).toBe(9);
  });

  it('limits each member on its own: another member on another IP still claims', async () => {
    await app({ CLAIM_RATE_LIMIT: '2' });
    const busy = await member();
    const post = publish(busy.xId);
    await claim(busy, post);
    await claim(busy, post);
    expectLimited(await claim(busy, post), /claim/i);
    // The member's limit follows it to another IP.
    expectLimited(await claim(busy, post, '203.0.113.50'), /claim/i);

    // Answered as before: the post is claimed already.
    const other = await member();
    expect((await claim(other, post, '203.0.113.9')).json().error).toBe('TWEET_ALREADY_CLAIMED');
  });

  it('counts tweet and meme claims against one budget', async () => {
    await app({ CLAIM_RATE_LIMIT: '2' });
    const who = await member();
    const memeClaim = () =>
      requestMemeClaim(ctx.app, who, 'no-such-meme-token-000000', '1980000000000000001', undefined, { remoteAddress: '198.51.100.7' });
    expect((await claim(who, publish(who.xId))).statusCode).toBe(200);
    expect((await memeClaim()).json().error).toBe('MEME_NOT_FOUND');

    expectLimited(await memeClaim(), /claim/i);
    expectLimited(await claim(who, publish(who.xId)), /claim/i);
  });

  it('limits one IP to three times the member limit across several members', async () => {
    await app({ CLAIM_RATE_LIMIT: '2' });
    const members = [await member(), await member(), await member()];
    const post = publish(members[0]!.xId);
    for (const who of members) {
      for (let i = 0; i < 2; i++) expect([200, 409]).toContain((await claim(who, post)).statusCode);
    }

    const fourth = await member();
    expectLimited(await claim(fourth, post), /network/i);
    // Elsewhere the same member is let through (and refused as before).
    expect((await claim(fourth, post, '203.0.113.9')).statusCode).toBe(409);
  });

  it('is off with CLAIM_RATE_LIMIT=0', async () => {
    await app({ CLAIM_RATE_LIMIT: '0' });
    const who = await member();
    const post = publish(who.xId);
    expect((await claim(who, post)).statusCode).toBe(200);
    for (let i = 0; i < 40; i++) expect((await claim(who, post)).statusCode).toBe(409);
  });
});

describe('refused attempts kept per member', () => {
  it(`keeps at most ${refusalsKeptPerMemberPerDay} a day, answering every attempt past it the same`, async () => {
    await app({ CLAIM_RATE_LIMIT: '1000' });
    const who = await member();
    const other = await member();
    const post = publish(who.xId);
    expect((await claim(who, post)).statusCode).toBe(200);

    const bodies = new Set<string>();
    for (let i = 0; i < refusalsKeptPerMemberPerDay + 10; i++) {
      const refused = await claim(who, post);
      expect(refused.statusCode).toBe(409);
      bodies.add(refused.body);
    }
    expect([...bodies]).toHaveLength(1);
    expect(await refusalsKept(who.userId)).toBe(refusalsKeptPerMemberPerDay);

    // Another member's refusals are kept on their own count.
    expect((await claim(other, post)).statusCode).toBe(409);
    expect(await refusalsKept(other.userId)).toBe(1);
  });

  it('keeps refusals again once the earlier ones are more than a day old, by the injected clock', async () => {
    await app();
    const who = await member();
    const start = Date.UTC(2027, 5, 1);
    const refusal = (name: string, now: number) => ({
      userId: who.userId,
      kind: 'tweet' as const,
      tweetId: name,
      tweetUrl: `https://x.com/farmer/status/${name}`,
      code: 'TWEET_ALREADY_CLAIMED',
      similarity: null,
      matchedClaimId: null,
      now,
    });

    for (let i = 0; i < refusalsKeptPerMemberPerDay; i++) expect(await keepRefusalRecord(ctx.handle.db, refusal(`r${i}`, start + i))).toBe(true);
    expect(await keepRefusalRecord(ctx.handle.db, refusal('over', start + day - 1))).toBe(false);
    // A day after the first one, that one no longer counts.
    expect(await keepRefusalRecord(ctx.handle.db, refusal('next-day', start + day))).toBe(true);
    expect(await keepRefusalRecord(ctx.handle.db, refusal('still-over', start + day))).toBe(false);
    expect(await refusalsKept(who.userId)).toBe(refusalsKeptPerMemberPerDay + 1);
  });

  it(`keeps at most ${refusalsKeptPerMemberPerDay} of many refusals stored at the same moment`, async () => {
    await app();
    const who = await member();
    const now = Date.now();
    const kept = await Promise.all(
      Array.from({ length: refusalsKeptPerMemberPerDay + 20 }, (_, i) =>
        keepRefusalRecord(ctx.handle.db, {
          userId: who.userId,
          kind: 'meme',
          tweetId: `c${i}`,
          tweetUrl: `https://x.com/farmer/status/c${i}`,
          code: 'TWEET_ALREADY_CLAIMED',
          similarity: null,
          matchedClaimId: null,
          now,
        }),
      ),
    );
    expect(kept.filter(Boolean)).toHaveLength(refusalsKeptPerMemberPerDay);
    expect(await refusalsKept(who.userId)).toBe(refusalsKeptPerMemberPerDay);
  });
});
