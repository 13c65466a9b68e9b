import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.js';
import { useTestApp } from '../helpers/build-app.js';
import { multipartBody } from '../helpers/multipart.js';
import { cookiePair } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

// Two per account and three per IP in the window, so every limit is reached in a few calls.
const limits = {
  GENERATION_LIMIT_PER_USER: '2',
  GENERATION_LIMIT_PER_IP: '3',
  UPLOAD_LIMIT_PER_USER: '2',
  UPLOAD_LIMIT_PER_IP: '3',
};

const ctx = useTestApp(limits);

interface Member {
  cookie: string;
  userId: number;
  ip: string;
}

async function member(walletAddress: string, ip: string): Promise<Member> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { walletAddress },
  });
  expect(response.statusCode).toBe(200);
  return { cookie: cookiePair(response.headers['set-cookie']), userId: response.json().user.id, ip };
}

function generateTweet(who: Member) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/tweets/generate-custom',
    remoteAddress: who.ip,
    headers: { cookie: who.cookie },
    payload: { userId: who.userId, prompt: 'stacking sats with the squirrels' },
  });
}

function generateMeme(who: Member) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/memes/generate',
    remoteAddress: who.ip,
    headers: { cookie: who.cookie },
    payload: { userId: who.userId, theme: 'hodl_gang', customPrompt: null },
  });
}

async function png() {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#f7931a' } }).png().toBuffer();
}

async function uploadImage(who: Member) {
  const body = multipartBody([{ name: 'image', value: await png(), filename: 'photo.png', type: 'image/png' }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    remoteAddress: who.ip,
    headers: { ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
}

async function completeMeme(who: Member, memeId: number) {
  const body = multipartBody([
    { name: 'memeId', value: String(memeId) },
    { name: 'memeImage', value: await png(), filename: 'meme.png', type: 'image/png' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload/complete-meme',
    remoteAddress: who.ip,
    headers: { ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
}

function expectLimited(response: Awaited<ReturnType<typeof generateTweet>>, reason: RegExp) {
  expect(response.statusCode).toBe(429);
  const body = response.json();
  expect(body.error).toBe('RATE_LIMITED');
  expect(body.message).toMatch(reason);
  expect(body.message).toMatch(/Please try again in \d+ (minutes?|seconds?)\.$/);
  expect(body.retryAfterSeconds).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBe(body.retryAfterSeconds);
}

describe('generation limits', () => {
  it("answers an account's third generation with 429 RATE_LIMITED saying when to try again", async () => {
    const holder = await member(mainnetWallets.taproot, '198.51.100.1');
    expect((await generateTweet(holder)).statusCode).toBe(200);
    expect((await generateTweet(holder)).statusCode).toBe(200);

    expectLimited(await generateTweet(holder), /generated a lot/);
  });

  it('counts tweet and meme generation against one budget', async () => {
    const holder = await member(mainnetWallets.taproot, '198.51.100.1');
    expect((await generateTweet(holder)).statusCode).toBe(200);
    expect((await generateMeme(holder)).statusCode).toBe(200);

    expectLimited(await generateMeme(holder), /generated a lot/);
    expect(await ctx.handle.db.selectFrom('memes').select('id').execute()).toHaveLength(1);
  });

  it('limits a second account on the same IP by the per-IP limit', async () => {
    const first = await member(mainnetWallets.taproot, '198.51.100.1');
    const second = await member(mainnetWallets.legacy, '198.51.100.1');
    expect((await generateTweet(first)).statusCode).toBe(200);
    expect((await generateTweet(first)).statusCode).toBe(200);

    expect((await generateTweet(second)).statusCode).toBe(200);
    expectLimited(await generateTweet(second), /from your network/);
  });

  it('keeps the limit per account: another account on another IP still generates', async () => {
    const busy = await member(mainnetWallets.taproot, '198.51.100.1');
    const other = await member(mainnetWallets.legacy, '203.0.113.9');
    await generateTweet(busy);
    await generateTweet(busy);
    expect((await generateTweet(busy)).statusCode).toBe(429);

    expect((await generateTweet(other)).statusCode).toBe(200);
    expect((await generateMeme(other)).statusCode).toBe(200);
  });

  it('follows the account to another IP', async () => {
    const holder = await member(mainnetWallets.taproot, '198.51.100.1');
    await generateTweet(holder);
    await generateTweet(holder);

    expectLimited(await generateTweet({ ...holder, ip: '203.0.113.9' }), /generated a lot/);
  });

  it('does not count calls without a session', async () => {
    const visitor = { cookie: '', userId: 1, ip: '198.51.100.1' };
    for (let i = 0; i < 4; i++) expect((await generateTweet(visitor)).statusCode).toBe(401);
    const holder = await member(mainnetWallets.taproot, '198.51.100.1');
    expect((await generateTweet(holder)).statusCode).toBe(200);
  });
});

describe('upload limits', () => {
  it("answers an account's third upload with 429 RATE_LIMITED, counting image and meme uploads together", async () => {
    const holder = await member(mainnetWallets.taproot, '198.51.100.1');
    const meme = (await generateMeme(holder)).json();
    expect((await uploadImage(holder)).statusCode).toBe(200);
    expect((await completeMeme(holder, meme.id)).statusCode).toBe(200);

    expectLimited(await uploadImage(holder), /uploaded a lot/);
    expectLimited(await completeMeme(holder, meme.id), /uploaded a lot/);
  });

  it('limits a second account on the same IP by the per-IP limit, not one on another IP', async () => {
    const first = await member(mainnetWallets.taproot, '198.51.100.1');
    const second = await member(mainnetWallets.legacy, '198.51.100.1');
    const elsewhere = await member(mainnetWallets.p2sh, '203.0.113.9');
    expect((await uploadImage(first)).statusCode).toBe(200);
    expect((await uploadImage(first)).statusCode).toBe(200);

    expect((await uploadImage(second)).statusCode).toBe(200);
    expectLimited(await uploadImage(second), /from your network/);
    expect((await uploadImage(elsewhere)).statusCode).toBe(200);
  });
});

describe('limit settings', () => {
  it('default to limits a person never reaches', () => {
    const config = loadConfig({});
    expect(config.costLimits.windowMs).toBe(10 * 60 * 1000);
    expect(config.costLimits.generation).toEqual({ perUser: 20, perIp: 60 });
    expect(config.costLimits.upload.perUser).toBeGreaterThanOrEqual(20);
  });

  it('refuses a limit of zero at start, naming the variable', () => {
    expect(() => loadConfig({ GENERATION_LIMIT_PER_USER: '0' })).toThrow(/GENERATION_LIMIT_PER_USER/);
    expect(() => loadConfig({ UPLOAD_LIMIT_PER_IP: 'lots' })).toThrow(/UPLOAD_LIMIT_PER_IP/);
    expect(() => loadConfig({ COST_LIMIT_WINDOW_MINUTES: '0' })).toThrow(/COST_LIMIT_WINDOW_MINUTES/);
  });
});
