import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { type FakeX, startFakeX } from '../../scripts/fake-x/fake-x.js';
import { multipartBody } from '../helpers/multipart.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { createPostgresSchema, postgresUrl } from '../helpers/test-database.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

/**
 * Two real server processes (`node --import tsx server/main.ts`) on one PostgreSQL schema, each
 * with its own DATA_DIR, as behind a load balancer: whatever one process did, the other must see.
 * The test talks to each over HTTP; every scenario sends its own X-Forwarded-For (TRUST_PROXY
 * trusts the loopback test) so the login limit of one scenario does not spend another's.
 */

const loginLimit = 6;
const generationLimit = 3;
const publicUrl = 'http://acorn.test';
const sessionSecret = 'two-processes-secret-long-enough-for-cookies';
// Two unrelated texts: the race is about the cooldown, not about the same text claimed twice.
const tweetTexts = [
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20',
  'Winter is coming and my oak tree portfolio looks strong: every nut inscribed, every block counted, no paper hands here. #ACORN #BRC20',
] as const;

interface Session {
  cookie: string;
  userId: number;
  ip: string;
}

let fakeX: FakeX;
let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
let workDir: string;
let a: ServerProcess;
let b: ServerProcess;
let nextPostId = 1995000000000000000n;

let ipCounter = 10;
const newIp = () => `203.0.113.${ipCounter++}`;

function call(server: ServerProcess, url: string, init: { method?: string; ip: string; cookie?: string; json?: unknown; body?: ReturnType<typeof multipartBody> }) {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip };
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.body) {
    Object.assign(headers, init.body.headers);
    body = new Uint8Array(init.body.payload);
  }
  return fetch(`${server.base}${url}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
}

async function login(server: ServerProcess, walletAddress: string, ip = newIp()): Promise<Session> {
  const response = await call(server, '/api/auth/login', { ip, json: { walletAddress } });
  if (response.status !== 200) throw new Error(`login on ${server.name}: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { cookie, userId: ((await response.json()) as { user: { id: number } }).user.id, ip };
}

/** OAuth started on `start`, X's redirect followed to `finish`, the code exchanged on `finish`. */
async function linkX(start: ServerProcess, finish: ServerProcess, session: Session, walletAddress: string) {
  const begin = await call(start, '/api/auth/twitter', session);
  expect(begin.status).toBe(200);
  const { authUrl } = (await begin.json()) as { authUrl: string };
  const authorize = await fetch(authUrl, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location') ?? '');
  expect(callback.origin).toBe(publicUrl);
  const returned = await call(finish, `${callback.pathname}${callback.search}`, session);
  expect(returned.status).toBe(302);
  const landing = new URL(returned.headers.get('location') ?? '', publicUrl);
  return call(finish, '/api/auth/twitter/exchange', {
    ...session,
    json: { code: landing.searchParams.get('code'), state: landing.searchParams.get('state'), walletAddress },
  });
}

async function upload(server: ServerProcess, session: Session, image: Buffer): Promise<string> {
  const body = multipartBody([{ name: 'image', value: image, filename: 'photo.png', type: 'image/png' }]);
  const response = await call(server, '/api/upload/image', { ...session, body });
  if (response.status !== 200) throw new Error(`upload on ${server.name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { uploadedImageUrl: string }).uploadedImageUrl;
}

function generate(server: ServerProcess, session: Session, uploadedImageUrl?: string) {
  return call(server, '/api/memes/generate', {
    ...session,
    json: { userId: session.userId, theme: 'hodl_gang', customPrompt: 'Acorns all the way down', templateId: 1, ...(uploadedImageUrl ? { uploadedImageUrl } : {}) },
  });
}

function publish(authorId: string, text: string): string {
  nextPostId += 1n;
  fakeX.addPost(nextPostId.toString(), { authorId, text, createdAt: new Date() });
  return nextPostId.toString();
}

function claimTweet(server: ServerProcess, session: Session & { xId: string }, text: string) {
  const tweetId = publish(session.xId, text);
  return call(server, '/api/tweets/post', {
    ...session,
    json: {
      userId: session.userId,
      tweetText: text,
      isCustom: true,
      actualTweetUrl: `https://x.com/someone/status/${tweetId}`,
      postingStartTime: Date.now() - 60_000,
    },
  });
}

// Real processes over HTTP on a shared 2-core machine: more time than an in-process test.
describe.runIf(postgresUrl)('two app processes on one PostgreSQL (only with TEST_DATABASE_URL)', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    fakeX = await startFakeX();
    schema = await createPostgresSchema();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-two-'));
    // Migrated once, before either process starts (each then finds nothing to do).
    const { db } = connectDatabase({ dataDir: workDir, databaseUrl: schema.url });
    await migrateToLatest(db);
    await db.destroy();

    const env = (name: string) => ({
      PUBLIC_URL: publicUrl,
      DATABASE_URL: schema.url,
      DATA_DIR: path.join(workDir, name),
      CLIENT_DIR: path.join(workDir, 'no-client'),
      SESSION_SECRET: sessionSecret,
      MINING_OPEN: 'true',
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT: String(loginLimit),
      GENERATION_LIMIT_PER_USER: String(generationLimit),
      UPSTREAM_TIMEOUT_MS: '3000',
      ...fakeX.env,
    });
    [a, b] = await Promise.all([startServerProcess(env('a'), 'A'), startServerProcess(env('b'), 'B')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await fakeX?.close();
    await schema?.drop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('accepts on B a session opened on A', async () => {
    const session = await login(a, mainnetWallets.taproot);
    const onB = await call(b, '/api/auth/sessions', session);
    expect(onB.status).toBe(200);
    expect(await call(b, '/api/auth/sessions', { ip: session.ip }).then((response) => response.status)).toBe(401);
  });

  it('completes on B an X link started on A', async () => {
    const session = await login(a, mainnetWallets.segwitKey);
    fakeX.setNextUser({ id: '4101', username: 'two_process_fan' });
    const exchange = await linkX(a, b, session, mainnetWallets.segwitKey);
    expect(exchange.status).toBe(200);
    expect(((await exchange.json()) as { twitterAccount: { handle: string } }).twitterAccount.handle).toBe('two_process_fan');
  });

  it('generates on B from an upload made on A, and each serves the other\'s images as PNG', async () => {
    const session = await login(a, mainnetWallets.segwitScript);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2266aa' } }).png().toBuffer();
    const uploadedImageUrl = await upload(a, session, photo);

    const fromUpload = await generate(b, session, uploadedImageUrl);
    expect(fromUpload.status).toBe(200);
    const meme = (await fromUpload.json()) as { uploadedImageUrl: string; imageUrl: string };
    expect(meme.uploadedImageUrl).toBe(uploadedImageUrl);

    const uploadOnB = await call(b, uploadedImageUrl, session);
    expect(uploadOnB.status).toBe(200);
    expect(uploadOnB.headers.get('content-type')).toBe('image/png');

    const madeOnA = (await (await generate(a, session)).json()) as { imageUrl: string };
    for (const [server, url] of [[a, meme.imageUrl], [b, madeOnA.imageUrl]] as const) {
      const image = await call(server, url, session);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toContain('immutable');
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('png');
    }
    expect((await call(b, `/uploads/${'0'.repeat(32)}.png`, session)).status).toBe(404);
  });

  it('counts the login limit across both processes', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < loginLimit; attempt++) {
      const response = await call(attempt % 2 === 0 ? a : b, '/api/auth/login', { ip, json: { walletAddress: mainnetWallets.p2sh } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(loginLimit).fill(200));
    // Each process has seen only half the limit: only a shared count refuses these.
    for (const server of [a, b]) {
      const refused = await call(server, '/api/auth/login', { ip, json: { walletAddress: mainnetWallets.p2sh } });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toBe('RATE_LIMITED');
    }
  });

  it('counts the per-account generation limit across both processes', async () => {
    const session = await login(b, fakeWallet('bc1q', 42));
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= generationLimit; attempt++) {
      statuses.push((await generate(attempt % 2 === 0 ? a : b, session)).status);
    }
    expect(statuses).toEqual([...Array(generationLimit).fill(200), 429]);
  });

  it('lets exactly one of two claims sent at once, one to each process, win the cooldown race', async () => {
    const session = await login(a, mainnetWallets.legacy);
    fakeX.setNextUser({ id: '4202', username: 'racer_4202' });
    expect((await linkX(a, a, session, mainnetWallets.legacy)).status).toBe(200);

    const member = { ...session, xId: '4202' };
    const results = await Promise.all([claimTweet(a, member, tweetTexts[0]), claimTweet(b, member, tweetTexts[1])]);
    const bodies = (await Promise.all(results.map((response) => response.json()))) as Array<{ error?: string }>;
    const statuses = results.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 429]);
    expect(bodies.map((body) => body.error).filter(Boolean)).toEqual(['TWEET_COOLDOWN_ACTIVE']);

    const { db } = connectDatabase({ dataDir: workDir, databaseUrl: schema.url });
    try {
      const claims = await db.selectFrom('tweet_claims').select('id').where('user_id', '=', session.userId).execute();
      expect(claims).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });
});
