import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.js';
import { requestMemeClaim, requestTweetClaim } from '../helpers/claim-requests.js';
import { buildWithFakeX, type FakeXApp, miningEnv } from '../helpers/fake-x-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { connectX, loginCookie } from '../helpers/x-flow.js';

/** Issue 13 part 1: X account age and followers checked at link and at claim; one X account, one wallet, forever. */

const dayMs = 24 * 60 * 60 * 1000;
const tweetText =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';

let ctx: FakeXApp | undefined;
let nextPostId = 1995000000000000000n;

/** The app of the running test (each test that talks to the app starts one first). */
function app(): FakeXApp {
  if (!ctx) throw new Error('start() the app first');
  return ctx;
}

async function start(env: Record<string, string> = {}): Promise<void> {
  ctx = await buildWithFakeX({ ...miningEnv, ...env });
  onTestFinished(() => {
    ctx = undefined;
  });
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * dayMs);
}

async function link(wallet: string, user: { id: string; createdAt?: Date; followers?: number }) {
  app().fakeX.setNextUser({ id: user.id, username: `miner${user.id}`, createdAt: user.createdAt, followers: user.followers });
  const session = await loginCookie(app().app, wallet);
  const { exchange } = await connectX(app().app, session, wallet);
  return { session, exchange };
}

function publish(authorId: string, text: string): string {
  nextPostId += 1n;
  app().fakeX.addPost(nextPostId.toString(), { authorId, text, createdAt: new Date() });
  return nextPostId.toString();
}

function claimTweet(session: { cookie: string; userId: number }, tweetId: string) {
  return requestTweetClaim(app().app, session, {
    tweetText,
    isCustom: true,
    actualTweetUrl: `https://x.com/someone/status/${tweetId}`,
    postingStartTime: Date.now() - 60_000,
  });
}

async function claimMeme(session: { cookie: string; userId: number }, xId: string) {
  const generated = await app().app.inject({
    method: 'POST',
    url: '/api/memes/generate',
    headers: { cookie: session.cookie },
    payload: { userId: session.userId, theme: 'hodl_gang', customPrompt: 'Acorns all the way down', templateId: 1 },
  });
  if (generated.statusCode !== 200) throw new Error(generated.body);
  const meme = generated.json() as { sessionToken: string; shareUrl: string; memeText: string };
  const tweetId = publish(xId, `${meme.memeText} #ACORN #BRC20 #AcornSquirrels\n${meme.shareUrl}`);
  return requestMemeClaim(app().app, session, meme.sessionToken, tweetId);
}

async function linkedHandle(userId: number): Promise<string | null> {
  const row = await app().handle.db.selectFrom('twitter_accounts').select('handle').where('user_id', '=', userId).executeTakeFirst();
  return row?.handle ?? null;
}

describe('requirements at link (defaults: 30 days, 10 followers)', () => {
  it('refuses an account younger than 30 days with 403 X_ACCOUNT_TOO_NEW, naming both ages', async () => {
    await start();
    const { session, exchange } = await link(mainnetWallets.taproot, { id: '5001', createdAt: daysAgo(12), followers: 500 });
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json()).toMatchObject({ error: 'X_ACCOUNT_TOO_NEW', minAccountAgeDays: 30, accountAgeDays: 12 });
    expect(exchange.json().message).toContain('30 days');
    expect(exchange.json().message).toContain('12 days');
    expect(await linkedHandle(session.userId)).toBeNull();
  });

  it('refuses an account with fewer than 10 followers with 403 X_TOO_FEW_FOLLOWERS, naming both counts', async () => {
    await start();
    const { session, exchange } = await link(mainnetWallets.taproot, { id: '5002', createdAt: daysAgo(400), followers: 9 });
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json()).toMatchObject({ error: 'X_TOO_FEW_FOLLOWERS', minFollowers: 10, followers: 9 });
    expect(exchange.json().message).toContain('10 followers');
    expect(await linkedHandle(session.userId)).toBeNull();
  });

  it('links an account exactly at both thresholds', async () => {
    await start();
    const { exchange } = await link(mainnetWallets.taproot, { id: '5003', createdAt: daysAgo(30), followers: 10 });
    expect(exchange.statusCode).toBe(200);
  });

  it('asks X for the account creation date and public metrics', async () => {
    await start();
    app().fakeX.requests.length = 0;
    await link(mainnetWallets.taproot, { id: '5004' });
    const me = app().fakeX.requests.find((request) => request.path === '/2/users/me');
    const fields = new URLSearchParams(me?.query ?? '').get('user.fields')?.split(',') ?? [];
    expect(fields).toEqual(expect.arrayContaining(['created_at', 'public_metrics', 'verified_type']));
  });
});

describe('requirements re-checked at claim, from X', () => {
  it('refuses a tweet claim once the account has fewer followers than required', async () => {
    await start();
    const { session, exchange } = await link(mainnetWallets.taproot, { id: '5101', followers: 50 });
    expect(exchange.statusCode).toBe(200);
    app().fakeX.setUserMetrics('5101', { followers: 3 });
    const response = await claimTweet(session, publish('5101', tweetText));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'X_TOO_FEW_FOLLOWERS', minFollowers: 10, followers: 3 });
  });

  it('refuses a meme claim when X now reports the account as too new', async () => {
    await start();
    const { session, exchange } = await link(mainnetWallets.taproot, { id: '5102' });
    expect(exchange.statusCode).toBe(200);
    app().fakeX.setUserMetrics('5102', { createdAt: daysAgo(2) });
    const response = await claimMeme(session, '5102');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'X_ACCOUNT_TOO_NEW', minAccountAgeDays: 30, accountAgeDays: 2 });
  });

  it('awards points while the account still meets both requirements', async () => {
    await start();
    const { session } = await link(mainnetWallets.taproot, { id: '5103', createdAt: daysAgo(31), followers: 11 });
    const response = await claimTweet(session, publish('5103', tweetText));
    expect(response.statusCode).toBe(200);
  });
});

describe('one X account belongs to one wallet forever', () => {
  it('refuses the X account to a second wallet with 409 X_ACCOUNT_IN_USE', async () => {
    await start();
    expect((await link(mainnetWallets.taproot, { id: '5201' })).exchange.statusCode).toBe(200);
    const { exchange } = await link(mainnetWallets.legacy, { id: '5201' });
    expect(exchange.statusCode).toBe(409);
    expect(exchange.json().error).toBe('X_ACCOUNT_IN_USE');
  });

  it('still refuses it after the first wallet switched to another X account', async () => {
    await start();
    const first = await link(mainnetWallets.taproot, { id: '5202' });
    expect(first.exchange.statusCode).toBe(200);
    app().fakeX.setNextUser({ id: '5203', username: 'second_account' });
    expect((await connectX(app().app, first.session, mainnetWallets.taproot)).exchange.statusCode).toBe(200);
    expect(await linkedHandle(first.session.userId)).toBe('second_account');

    const { session, exchange } = await link(mainnetWallets.legacy, { id: '5202' });
    expect(exchange.statusCode).toBe(409);
    expect(exchange.json().error).toBe('X_ACCOUNT_IN_USE');
    expect(await linkedHandle(session.userId)).toBeNull();
  });

  it('lets the first wallet link its own X account again', async () => {
    await start();
    const first = await link(mainnetWallets.taproot, { id: '5204' });
    expect(first.exchange.statusCode).toBe(200);
    expect((await connectX(app().app, first.session, mainnetWallets.taproot)).exchange.statusCode).toBe(200);
  });
});

describe('configurable thresholds', () => {
  it('lets every account in with X_MIN_ACCOUNT_AGE_DAYS=0 and X_MIN_FOLLOWERS=0', async () => {
    await start({ X_MIN_ACCOUNT_AGE_DAYS: '0', X_MIN_FOLLOWERS: '0' });
    const { session, exchange } = await link(mainnetWallets.taproot, { id: '5301', createdAt: new Date(), followers: 0 });
    expect(exchange.statusCode).toBe(200);
    expect((await claimTweet(session, publish('5301', tweetText))).statusCode).toBe(200);
  });

  it('applies stricter thresholds from the environment', async () => {
    await start({ X_MIN_ACCOUNT_AGE_DAYS: '365', X_MIN_FOLLOWERS: '1000' });
    const { exchange } = await link(mainnetWallets.taproot, { id: '5302', createdAt: daysAgo(200), followers: 5000 });
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json()).toMatchObject({ error: 'X_ACCOUNT_TOO_NEW', minAccountAgeDays: 365, accountAgeDays: 200 });
  });
});

describe('threshold configuration fails fast', () => {
  it('defaults to 30 days and 10 followers', () => {
    expect(loadConfig({}).x.requirements).toEqual({ minAccountAgeDays: 30, minFollowers: 10 });
  });

  it.each([
    ['X_MIN_ACCOUNT_AGE_DAYS', '-1'],
    ['X_MIN_ACCOUNT_AGE_DAYS', 'thirty'],
    ['X_MIN_FOLLOWERS', '1.5'],
    ['X_MIN_FOLLOWERS', '-3'],
  ])('refuses %s=%s at start', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
