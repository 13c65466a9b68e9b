import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import { type ErrorCode, isErrorCode } from '../../shared/error-codes.js';
import { requestTweetClaim } from '../helpers/claim-requests.js';
import { type Fault, type FakeUpstream, faults, startFakeUpstream } from '../../scripts/fake-x/fake-upstream.js';
import { type FakeX, startFakeX } from '../../scripts/fake-x/fake-x.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { connectX, loginCookie } from '../helpers/x-flow.js';

/**
 * Every outside service, made to fail every way a service can (issue 10, part 5): the app answers
 * within its deadline plus one second, with the documented status and code or the last good value,
 * and never a 500 of its own.
 */

const timeoutMs = 300;
/** create-provider.ts: generation gets three times the usual budget. */
const generationTimeoutMs = 3 * timeoutMs;
const slackMs = 1000;

let upstream: FakeUpstream;
let fakeX: FakeX;

beforeAll(async () => {
  [upstream, fakeX] = await Promise.all([startFakeUpstream(), startFakeX()]);
});
afterAll(async () => Promise.all([upstream.close(), fakeX.close()]));

/** The injected clock of the upstream caches: each case moves it past the retry pause of the one before. */
let now = Date.UTC(2026, 10, 23, 12, 0, 0);
const clock = () => now;
const minutes = 60_000;

const explorerPaths = ['/explorer-a/height', '/explorer-b/height', '/explorer-c/height', '/explorer-d/height', '/explorer-e/height'];
const statPath = '/v2/ord/btc/stat';
const stakingPath = '/staking/figures';
const llmPath = '/chat/completions';

const baseEnv = {
  MINING_OPEN: 'true',
  UPSTREAM_TIMEOUT_MS: String(timeoutMs),
  GENERATION_LIMIT_PER_USER: '1000',
  GENERATION_LIMIT_PER_IP: '1000',
};

const goodTweet = 'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps. #ACORN #BRC20';
const goodCompletion = JSON.stringify({ choices: [{ message: { content: goodTweet } }] });

let nextPostId = 1_795_000_000_000_000_000n;

interface Session {
  cookie: string;
  userId: number;
}

interface Arranged {
  cookie: string;
  payload: Record<string, string>;
}

interface UpstreamCase {
  name: string;
  /** The deadline the app gives this upstream. */
  deadlineMs: number;
  /** What a broken upstream must turn into. */
  expected: { status: number; code: ErrorCode };
  /** Makes the upstream misbehave; a slow fault's good answer comes at `lateMs`, after the bound. */
  breakWith(fault: Fault, lateMs: number): void;
  /** How many calls the upstream has seen, and how many of them the app gave up on. */
  seen(): { calls: number; abandoned: number };
  /** Whatever the case needs before its first call (members, linked accounts). */
  prepare?(app: App): Promise<Session>;
  /** What a case needs before the timed call (the OAuth round trip up to the exchange). */
  arrange?(app: App): Promise<Arranged>;
  /** The call to the app that depends on the upstream. */
  request(app: App, session: Session | undefined, arranged: Arranged | undefined): Promise<LightMyRequestResponse>;
}

const sumOver = (paths: string[], count: (path: string) => number) => paths.reduce((sum, path) => sum + count(path), 0);

function upstreamSeen(paths: string[]) {
  return () => ({ calls: sumOver(paths, upstream.calls), abandoned: sumOver(paths, upstream.aborted) });
}

function xSeen(endpoint: 'token' | 'me' | 'tweets', path: RegExp) {
  return () => ({
    calls: fakeX.requests.filter((request) => path.test(request.path)).length,
    abandoned: fakeX.abandoned(endpoint),
  });
}

async function linkedMember(app: App, wallet: string, xId: string): Promise<Session> {
  fakeX.setNextUser({ id: xId, username: `faulty${xId}`, verifiedType: 'none' });
  const session = await loginCookie(app, wallet);
  const { exchange } = await connectX(app, session, wallet);
  if (exchange.statusCode !== 200) throw new Error(exchange.body);
  return session;
}

/**
 * The OAuth round trip for a fresh session up to X's return to the app; the exchange that follows is
 * the call that reaches X's token and user endpoints.
 */
async function returnFromX(app: App): Promise<Arranged> {
  fakeX.setNextUser({ id: '7100', username: 'never_linked', verifiedType: 'none' });
  const session = await loginCookie(app, mainnetWallets.legacy);
  const start = await app.inject({ method: 'GET', url: '/api/auth/twitter', headers: { cookie: session.cookie } });
  const authorize = await fetch((start.json() as { authUrl: string }).authUrl, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location') ?? '');
  const returned = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  const landing = new URL(String(returned.headers.location), 'http://app');
  return {
    cookie: session.cookie,
    payload: {
      code: landing.searchParams.get('code') ?? '',
      state: landing.searchParams.get('state') ?? '',
      walletAddress: mainnetWallets.legacy,
    },
  };
}

function exchange(app: App, arranged: Arranged) {
  return app.inject({ method: 'POST', url: '/api/auth/twitter/exchange', headers: { cookie: arranged.cookie }, payload: arranged.payload });
}

function claimNewPost(app: App, session: Session | undefined, authorId: string) {
  const postId = String(nextPostId++);
  fakeX.addPost(postId, { authorId, text: goodTweet, createdAt: new Date() });
  return requestTweetClaim(app, session!, {
    tweetText: goodTweet,
    isCustom: true,
    actualTweetUrl: `https://x.com/someone/status/${postId}`,
    postingStartTime: Date.now() - 60_000,
  });
}

const upstreamCases: UpstreamCase[] = [
  {
    name: 'block explorers (tip height, five raced)',
    deadlineMs: timeoutMs,
    expected: { status: 502, code: 'UPSTREAM_UNAVAILABLE' },
    breakWith: (fault, lateMs) => {
      for (const path of explorerPaths) upstream.set(path, { kind: 'fault', fault, body: '915000', contentType: 'text/plain', lateMs });
    },
    seen: upstreamSeen(explorerPaths),
    request: (app) => app.inject({ method: 'GET', url: '/api/chain/tip-height' }),
  },
  {
    name: 'marketplace (collection stats)',
    deadlineMs: timeoutMs,
    expected: { status: 502, code: 'UPSTREAM_UNAVAILABLE' },
    breakWith: (fault, lateMs) =>
      upstream.set(statPath, { kind: 'fault', fault, body: JSON.stringify({ floorPrice: '1500000', supply: '3420' }), lateMs }),
    seen: upstreamSeen([statPath]),
    request: (app) => app.inject({ method: 'GET', url: '/api/nft/collection-stats/acorn-squirrels' }),
  },
  {
    name: 'staking source',
    deadlineMs: timeoutMs,
    expected: { status: 502, code: 'UPSTREAM_UNAVAILABLE' },
    breakWith: (fault, lateMs) =>
      upstream.set(stakingPath, { kind: 'fault', fault, body: JSON.stringify({ percentLocked: 41.5, lockedCount: 1419 }), lateMs }),
    seen: upstreamSeen([stakingPath]),
    request: (app) => app.inject({ method: 'GET', url: '/api/staking/stats/acorn-squirrels' }),
  },
  {
    name: 'X during OAuth: token exchange',
    deadlineMs: timeoutMs,
    expected: { status: 502, code: 'X_UNAVAILABLE' },
    breakWith: (fault, lateMs) => {
      fakeX.setMode('me', 'ok');
      fakeX.setMode('token', fault, { lateMs });
    },
    seen: xSeen('token', /^\/2\/oauth2\/token$/),
    arrange: returnFromX,
    request: (app, _session, arranged) => exchange(app, arranged!),
  },
  {
    name: 'X during OAuth: user lookup',
    deadlineMs: timeoutMs,
    expected: { status: 502, code: 'X_UNAVAILABLE' },
    breakWith: (fault, lateMs) => {
      fakeX.setMode('token', 'ok');
      fakeX.setMode('me', fault, { lateMs });
    },
    seen: xSeen('me', /^\/2\/users\/me$/),
    arrange: returnFromX,
    request: (app, _session, arranged) => exchange(app, arranged!),
  },
  {
    name: 'X during claims: account check',
    deadlineMs: timeoutMs,
    expected: { status: 502, code: 'X_UNAVAILABLE' },
    prepare: (app) => linkedMember(app, mainnetWallets.taproot, '7201'),
    breakWith: (fault, lateMs) => {
      fakeX.setMode('tweets', 'ok');
      fakeX.setMode('me', fault, { lateMs });
    },
    seen: xSeen('me', /^\/2\/users\/me$/),
    request: (app, session) => claimNewPost(app, session, '7201'),
  },
  {
    name: 'X during claims: post lookup',
    deadlineMs: timeoutMs,
    expected: { status: 502, code: 'X_UNAVAILABLE' },
    prepare: (app) => linkedMember(app, mainnetWallets.taproot, '7202'),
    breakWith: (fault, lateMs) => {
      fakeX.setMode('me', 'ok');
      fakeX.setMode('tweets', fault, { lateMs });
    },
    seen: xSeen('tweets', /^\/2\/tweets\//),
    request: (app, session) => claimNewPost(app, session, '7202'),
  },
  {
    name: 'LLM: tweet generation',
    deadlineMs: generationTimeoutMs,
    expected: { status: 502, code: 'GENERATION_FAILED' },
    prepare: (app) => loginCookie(app, mainnetWallets.taproot),
    breakWith: (fault, lateMs) => upstream.set(llmPath, { kind: 'fault', fault, body: goodCompletion, lateMs }),
    seen: upstreamSeen([llmPath]),
    request: (app, session) =>
      app.inject({
        method: 'POST',
        url: '/api/tweets/generate-custom',
        headers: { cookie: session!.cookie },
        payload: { prompt: 'acorns', userId: session!.userId },
      }),
  },
  {
    name: 'LLM: meme caption',
    deadlineMs: generationTimeoutMs,
    expected: { status: 502, code: 'GENERATION_FAILED' },
    prepare: (app) => loginCookie(app, mainnetWallets.taproot),
    breakWith: (fault, lateMs) =>
      upstream.set(llmPath, {
        kind: 'fault',
        fault,
        body: JSON.stringify({ choices: [{ message: { content: 'WHEN THE FLOOR DIPS / BUY MORE ACORNS' } }] }),
        lateMs,
      }),
    seen: upstreamSeen([llmPath]),
    request: (app, session) =>
      app.inject({
        method: 'POST',
        url: '/api/memes/generate',
        headers: { cookie: session!.cookie },
        payload: { userId: session!.userId, theme: 'hodl_gang', customPrompt: 'floor', templateId: 1 },
      }),
  },
];

/** The faults that leave the app waiting: it must give up on the call rather than leave it open. */
const waitingFaults = new Set<Fault>(['hang', 'slow-headers', 'slow-body']);

function appEnv(): Record<string, string> {
  return {
    ...baseEnv,
    ...fakeX.env,
    BLOCK_HEIGHT_URLS: explorerPaths.map((path) => `${upstream.url}${path}`).join(','),
    MARKETPLACE_API_BASE: upstream.url,
    STAKING_STATS_URL: `${upstream.url}${stakingPath}`,
    LLM_BASE_URL: upstream.url,
    LLM_API_KEY: 'k',
  };
}

/** The DESIGN.md error body: exactly `{ error, message }` with a known code and a readable message. */
function expectErrorBody(body: unknown, code: ErrorCode) {
  const record = body as Record<string, unknown>;
  expect(Object.keys(record).sort()).toEqual(['error', 'message']);
  expect(isErrorCode(record.error)).toBe(true);
  expect(record.error).toBe(code);
  expect(String(record.message).length).toBeGreaterThan(0);
}

/** The abandoned call reaches the fake over the socket a moment after the app answered. */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each(upstreamCases)('$name', (upstreamCase) => {
  let ctx: TestContext;
  let session: Session | undefined;

  beforeAll(async () => {
    fakeX.setMode('token', 'ok');
    fakeX.setMode('me', 'ok');
    fakeX.setMode('tweets', 'ok');
    ctx = await createTestApp(appEnv(), { now: clock });
    session = await upstreamCase.prepare?.(ctx.app);
    // One failing call first, so that no case pays for the route's and the HTTP client's first use.
    upstreamCase.breakWith('error-500', 0);
    await upstreamCase.request(ctx.app, session, await upstreamCase.arrange?.(ctx.app));
  });
  afterAll(async () => {
    fakeX.setMode('token', 'ok');
    fakeX.setMode('me', 'ok');
    fakeX.setMode('tweets', 'ok');
    await ctx.close();
  });

  it.each(faults)('%s', async (fault) => {
    const bound = upstreamCase.deadlineMs + slackMs;
    // A slow fault's good answer lands after the bound: a 2xx here would mean the app waited for it.
    upstreamCase.breakWith(fault, bound);
    now += 10 * minutes;
    const arranged = await upstreamCase.arrange?.(ctx.app);
    const before = upstreamCase.seen();

    const started = performance.now();
    const response = await upstreamCase.request(ctx.app, session, arranged);
    const elapsed = performance.now() - started;

    expect(response.statusCode, response.body).toBe(upstreamCase.expected.status);
    expectErrorBody(response.json(), upstreamCase.expected.code);
    expect(elapsed).toBeLessThan(bound);
    // The fault was met on this very call (not a remembered failure of an earlier case)...
    expect(upstreamCase.seen().calls).toBeGreaterThan(before.calls);
    // ...and a call left waiting was given up, not left open.
    if (waitingFaults.has(fault)) await until(() => upstreamCase.seen().abandoned > before.abandoned);
  });
});

interface CachedCase {
  name: string;
  url: string;
  paths: string[];
  /** A healthy answer, cached before the faults begin. */
  good: { body: string; contentType: string };
  /** The value the route shows from that answer. */
  value: (body: Record<string, unknown>) => unknown;
  expected: unknown;
}

const cachedCases: CachedCase[] = [
  {
    name: 'tip height',
    url: '/api/chain/tip-height',
    paths: explorerPaths,
    good: { body: '915000', contentType: 'text/plain' },
    value: (body) => body.height,
    expected: 915000,
  },
  {
    name: 'collection stats',
    url: '/api/nft/collection-stats/acorn-squirrels',
    paths: [statPath],
    good: { body: JSON.stringify({ floorPrice: '1500000', supply: '3420' }), contentType: 'application/json' },
    value: (body) => (body.data as { floorPrice: unknown }).floorPrice,
    expected: 0.015,
  },
  {
    name: 'staking stats',
    url: '/api/staking/stats/acorn-squirrels',
    paths: [stakingPath],
    good: { body: JSON.stringify({ percentLocked: 41.5, lockedCount: 1419 }), contentType: 'application/json' },
    value: (body) => body.data,
    expected: { percentLocked: 41.5, lockedCount: 1419 },
  },
];

describe.each(cachedCases)('$name with a last good value', (cachedCase) => {
  let ctx: TestContext;
  let fetchedAt: number;
  const seen = upstreamSeen(cachedCase.paths);
  const setAll = (behaviour: Parameters<FakeUpstream['set']>[1]) => {
    for (const path of cachedCase.paths) upstream.set(path, behaviour);
  };

  beforeAll(async () => {
    ctx = await createTestApp(appEnv(), { now: clock });
    setAll({ kind: 'text', body: cachedCase.good.body });
    now += 10 * minutes;
    fetchedAt = now;
    const fresh = await ctx.app.inject({ method: 'GET', url: cachedCase.url });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(cachedCase.value(fresh.json())).toEqual(cachedCase.expected);
  });
  afterAll(async () => ctx.close());

  it.each(faults)('%s: the last good value, marked stale', async (fault) => {
    setAll({ kind: 'fault', fault, body: cachedCase.good.body, contentType: cachedCase.good.contentType, lateMs: timeoutMs + slackMs });
    // Past twice every time to live: the value is old, and the time to retry after a failure is over.
    now += 11 * minutes;
    const before = seen();

    const started = performance.now();
    const response = await ctx.app.inject({ method: 'GET', url: cachedCase.url });
    expect(performance.now() - started).toBeLessThan(timeoutMs + slackMs);
    expect(response.statusCode, response.body).toBe(200);
    expect(cachedCase.value(response.json())).toEqual(cachedCase.expected);
    expect(response.json()).toMatchObject({ fetchedAt, stale: true });

    // The refresh behind it met the fault and was given up on (every explorer of the race, too)...
    await until(() => seen().calls > before.calls);
    if (waitingFaults.has(fault)) await until(() => seen().abandoned - before.abandoned === seen().calls - before.calls);
    else await new Promise((resolve) => setTimeout(resolve, 50));
    // ...and the value stays served, stale, without asking again during the retry pause.
    const after = seen().calls;
    const again = await ctx.app.inject({ method: 'GET', url: cachedCase.url });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ fetchedAt, stale: true });
    expect(seen().calls).toBe(after);
  });
});
