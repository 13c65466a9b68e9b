import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { sessionCookieName } from '../../server/platform/public-paths.js';
import { startFakeUpstream } from '../../scripts/fake-x/fake-upstream.js';
import { startFakeX } from '../../scripts/fake-x/fake-x.js';
import type { MultipartShape } from './fuzz-multipart.js';
import { sampleFiles } from './fuzz-multipart.js';
import { type FuzzRequest, mutatingMethods, type OpenApiDocument, routesFromDocument } from './fuzz-requests.js';
import type { KnownValues } from './fuzz-schema.js';
import { multipartBody } from './multipart.js';
import { testConfig } from './test-app.js';
import { mainnetWallets } from './wallets.js';
import { connectX, loginCookie } from './x-flow.js';

/**
 * The parts of the routes that take a file (uploads, the console's import preview), which read their form themselves and so have no body schema
 * in the document (its description names them). The suite fails if a multipart route is missing here.
 */
export const multipartShapes: Record<string, MultipartShape> = {
  'POST /api/upload/image': { fileField: 'image', textFields: {} },
  'POST /api/upload/complete-meme': { fileField: 'memeImage', textFields: { memeId: { type: 'integer', minimum: 1 } } },
  'POST /api/admin/imports/preview': {
    fileField: 'file',
    textFields: { source: { type: 'string', maxLength: 64 }, category: { type: 'string', maxLength: 64 } },
  },
};

const foreignOrigin = 'https://evil.example';
const unlimited = '100000';

/**
 * The real app on a fresh database, with every outside service a fake on 127.0.0.1 that answers
 * properly (so no 502/503 is ever legitimate), two members with X linked, a meme, an upload and
 * posts on X, and the values that reach past the first checks.
 */
export async function startFuzzTarget() {
  const upstream = await startFakeUpstream();
  upstream.set('/explorer/height', { kind: 'text', body: '915000' });
  upstream.set('/v2/ord/btc/stat', { kind: 'json', body: { floorPrice: 150_000, supply: 10_000 } });
  upstream.set('/staking', { kind: 'json', body: { percentLocked: 41.5, lockedCount: 1419 } });
  const fakeX = await startFakeX();
  const { config, cleanup } = await testConfig({
    ...fakeX.env,
    BLOCK_HEIGHT_URLS: `${upstream.url}/explorer/height`,
    MARKETPLACE_API_BASE: upstream.url,
    STAKING_STATS_URL: `${upstream.url}/staking`,
    MINING_OPEN: 'true',
    UPSTREAM_TIMEOUT_MS: '5000',
    // The app's error log, so a 5xx is reported with the error behind it.
    LOG_LEVEL: 'error',
    // The limits would turn most requests into 429s after the first minute of fuzzing.
    LOGIN_RATE_LIMIT: unlimited,
    GENERATION_LIMIT_PER_USER: unlimited,
    GENERATION_LIMIT_PER_IP: unlimited,
    UPLOAD_LIMIT_PER_USER: unlimited,
    UPLOAD_LIMIT_PER_IP: unlimited,
    CLAIM_RATE_LIMIT: unlimited,
  });
  const handle = connectDatabase(config);
  await migrateToLatest(handle.db);
  const errorLog: string[] = [];
  const app = await buildApp(config, { database: handle, logStream: { write: (line: string) => void errorLog.push(line) } });
  await app.ready();
  const publicOrigin = new URL(config.publicUrl).origin;

  async function join(wallet: string, xId: string, username: string) {
    fakeX.setNextUser({ id: xId, username, verifiedType: 'none' });
    const session = await loginCookie(app, wallet);
    const linked = await connectX(app, session, wallet);
    if (linked.exchange.statusCode !== 200) throw new Error(`linking X failed: ${linked.exchange.body}`);
    return session;
  }
  const memberWallet = mainnetWallets.taproot;
  const otherWallet = mainnetWallets.segwitKey;
  const member = await join(memberWallet, '7007', 'fuzz_member');
  const other = await join(otherWallet, '7008', 'fuzz_other');

  const files = await sampleFiles();
  const form = multipartBody([{ name: 'image', value: files[0]!, filename: 'a.png', type: 'image/png' }]);
  const upload = await app.inject({ method: 'POST', url: '/api/upload/image', headers: { cookie: member.cookie, ...form.headers }, payload: form.payload });
  if (upload.statusCode !== 200) throw new Error(`upload failed: ${upload.body}`);
  async function generate() {
    const generated = await app.inject({
      method: 'POST',
      url: '/api/memes/generate',
      headers: { cookie: member.cookie },
      payload: { userId: member.userId, theme: 'hodl_gang', customPrompt: 'Stacking sats', templateId: 1 },
    });
    if (generated.statusCode !== 200) throw new Error(`generate failed: ${generated.body}`);
    return generated.json() as { id: number; trackingCode: string; sessionToken: string; memeText: string; shareUrl: string };
  }
  const meme = await generate();
  // Its session token stays unknown to the fuzzer, so no fuzzed claim posts it: its image can still change.
  const unclaimed = await generate();
  const sessions = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: member.cookie } });
  const handles = (sessions.json() as { sessions: { handle: string }[] }).sessions.map((session) => session.handle);

  const tweetText = 'Mining $ACORN with friends every single day, the squirrels keep stacking acorns for winter #ACORN #BRC20 #AcornSquirrels';
  fakeX.addPost('1890000000000000001', { authorId: '7007', text: `${meme.memeText} #ACORN #BRC20 #AcornSquirrels\n${meme.shareUrl}`, createdAt: new Date() });
  fakeX.addPost('1890000000000000002', { authorId: '7007', text: tweetText, createdAt: new Date() });
  fakeX.addPost('1890000000000000003', { authorId: '7008', text: tweetText, createdAt: new Date() });
  const tweetUrls = ['1', '2', '3'].map((last) => `https://x.com/fuzz_member/status/189000000000000000${last}`);

  const wallets = [memberWallet, otherWallet, mainnetWallets.legacy];
  // Mostly the member's own id (the caller of well-formed requests), sometimes someone else's.
  const ids = [member.userId, member.userId, other.userId];
  const knownByField: Record<string, readonly unknown[]> = {
    userId: ids,
    id: [...ids, 1, 6],
    walletAddress: wallets,
    wallet: wallets,
    username: wallets,
    collection: ['acorn-squirrels'],
    trackingCode: [meme.trackingCode, unclaimed.trackingCode],
    sessionToken: [meme.sessionToken],
    tweetId: ['1890000000000000001', '1890000000000000002'],
    tweetUrl: tweetUrls,
    actualTweetUrl: tweetUrls,
    tweetText: [tweetText, `${tweetText} \u200B\u202E\u2060\u00AD $\` $& $' a\u0000b`],
    postingStartTime: [Date.now() - 120_000],
    handle: handles,
    uploadedImageUrl: [(upload.json() as { uploadedImageUrl: string }).uploadedImageUrl],
    memeId: [meme.id, unclaimed.id],
    templateId: [1, 6],
    expectedAmount: ['1000', '0.5'],
  };
  const known: KnownValues = (field) => knownByField[field] ?? [];

  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
  const routes = routesFromDocument(document, multipartShapes);

  const cookies = { member: member.cookie };
  /** A fuzzed logout or session end may close the member's session: open a new one. */
  async function keepMemberSignedIn() {
    const check = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: cookies.member } });
    if (check.statusCode === 200) return;
    cookies.member = (await loginCookie(app, memberWallet)).cookie;
  }

  async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
    errorLog.length = 0;
    const headers: Record<string, string> = {};
    if (request.caller === 'member') headers.cookie = cookies.member;
    if (request.caller === 'forged') headers.cookie = `${sessionCookieName}=${cookies.member.split('=')[1]!.slice(0, -3)}abc`;
    if (request.origin === 'own') headers.origin = publicOrigin;
    if (request.origin === 'foreign') headers.origin = foreignOrigin;
    if (request.origin === 'null') headers.origin = 'null';
    if (request.contentType !== null) headers['content-type'] = request.contentType;
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.payload === null ? {} : { payload: request.payload }),
    });
    if (request.caller === 'member' && mutatingMethods.has(request.method) && request.url.startsWith('/api/auth/')) await keepMemberSignedIn();
    return response;
  }

  return {
    app,
    config,
    routes,
    known,
    files,
    send,
    /** What the app logged as errors during the last request. */
    lastErrors: () => [...errorLog],
    async close() {
      await app.close();
      await handle.db.destroy();
      await cleanup();
      await fakeX.close();
      await upstream.close();
    },
  };
}

