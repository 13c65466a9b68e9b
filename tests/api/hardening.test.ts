import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../shared/error-codes.js';
import { loadConfig } from '../../server/platform/config.js';
import { requestMemeClaim, requestTweetClaim } from '../helpers/claim-requests.js';
import { buildWithFakeX, type FakeXApp, memberWithX, miningEnv } from '../helpers/fake-x-app.js';
import { useFakeUpstream } from '../helpers/fake-upstream.js';
import { multipartBody } from '../helpers/multipart.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

/** Findings of the outside probe (issue 10), each reproduced here first and guarded from then on. */

const publicUrl = 'https://acorn.example';
const foreignOrigin = 'https://evil.example';

let ctx: FakeXApp | undefined;
let nextPostId = 1790000000000000000n;

// The explorers (and a marketplace) of the test: the tests set their answers before the app starts.
const upstream = useFakeUpstream();

async function appWith(env: Record<string, string> = {}, now?: () => number) {
  ctx = await buildWithFakeX(
    { ...miningEnv, PUBLIC_URL: publicUrl, BLOCK_HEIGHT_URLS: `${upstream.url}/primary/height,${upstream.url}/backup/height`, ...env },
    now ? { now } : {},
  );
  return ctx.app;
}

/** The DESIGN.md error body: exactly `{ error, message }` with a known code and a readable message. */
function expectErrorBody(body: unknown, code?: string) {
  const record = body as Record<string, unknown>;
  expect(Object.keys(record).sort()).toEqual(['error', 'message']);
  expect(isErrorCode(record.error)).toBe(true);
  expect(typeof record.message).toBe('string');
  expect(String(record.message).length).toBeGreaterThan(0);
  if (code) expect(record.error).toBe(code);
}

const member = (wallet: string = mainnetWallets.taproot, xId = '8008') => memberWithX(ctx!, wallet, { id: xId, username: `hardened${xId}`, verifiedType: 'none' });

function generate(session: { cookie: string; userId: number }, customPrompt: string) {
  return ctx!.app.inject({
    method: 'POST',
    url: '/api/memes/generate',
    headers: { cookie: session.cookie },
    payload: { userId: session.userId, theme: 'hodl_gang', customPrompt, templateId: 1 },
  });
}

function publish(authorId: string, text: string): string {
  nextPostId += 1n;
  ctx!.fakeX.addPost(nextPostId.toString(), { authorId, text, createdAt: new Date() });
  return nextPostId.toString();
}

async function png(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#f7931a' } }).png().toBuffer();
}

describe('Origin check on the routed path', () => {
  it.each(['/%61pi/auth/logout', '/%61pi/upload/complete-meme', '/api/auth/logout', '/%2561pi/auth/logout'])(
    'refuses POST %s from a foreign Origin with 403 BAD_ORIGIN',
    async (url) => {
      const app = await appWith();
      const response = await app.inject({ method: 'POST', url, headers: { origin: foreignOrigin }, payload: {} });
      expect(response.statusCode).toBe(403);
      expectErrorBody(response.json(), 'BAD_ORIGIN');
    },
  );

  it('still accepts a state-changing call from the public origin, or without an Origin', async () => {
    const app = await appWith();
    const own = await app.inject({ method: 'POST', url: '/%61pi/auth/logout', headers: { origin: publicUrl }, payload: {} });
    expect(own.statusCode).toBe(200);
    const none = await app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(none.statusCode).toBe(200);
  });
});

describe('hostile text and malformed bodies answer 4xx or render safely, never 500', () => {
  it('renders a meme whose prompt contains NUL, without the NUL', async () => {
    await appWith();
    const session = await member();
    const response = await generate(session, 'When\u0000the sats\u0001 stack');
    expect(response.statusCode).toBe(200);
    const meme = response.json();
    // eslint-disable-next-line no-control-regex -- the control characters the request carried must be gone
    expect(meme.memeText).not.toMatch(/[\u0000-\u0008]/);
    expect(meme.memeText).toContain('When');
    expect((await ctx!.app.inject({ method: 'GET', url: meme.imageUrl })).statusCode).toBe(200);
  });

  it.each([
    ['zero-width space', '\u200B'],
    ['zero-width joiner', '\u200D'],
    ['right-to-left override', '\u202E'],
    ['word joiner', '\u2060'],
    ['soft hyphen', '\u00AD'],
    ['mix of them', '\u200B\u200D\u202E\u2060\u00AD\uFEFF\u2800'],
  ])('renders a meme whose caption is only a %s', async (_name, invisible) => {
    await appWith();
    const session = await member();
    const response = await generate(session, invisible.repeat(3));
    expect(response.statusCode).toBe(200);
    expect(response.json().memeText).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u00AD\uFEFF]/);
  });

  it('drops a lone surrogate and a bidi override from a caption, keeping the words', async () => {
    await appWith();
    const session = await member();
    const response = await generate(session, 'stack \uD800 sats \u202Egnol');
    expect(response.statusCode).toBe(200);
    expect(response.json().memeText).toContain('stack sats gnol');
  });

  async function postMultipart(url: string, contentType: string, payload: Buffer) {
    const { cookie } = await loginCookie(ctx!.app, mainnetWallets.taproot);
    return ctx!.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': contentType }, payload });
  }

  it.each(['/api/upload/image', '/api/upload/complete-meme'])('answers 400 to a multipart body without a boundary on %s', async (url) => {
    await appWith();
    const body = multipartBody([{ name: 'image', value: await png(), filename: 'a.png', type: 'image/png' }]);
    const response = await postMultipart(url, 'multipart/form-data', body.payload);
    expect(response.statusCode).toBe(400);
    expectErrorBody(response.json(), 'INVALID_MULTIPART');
  });

  it.each(['/api/upload/image', '/api/upload/complete-meme'])('answers 400 to a truncated multipart body on %s', async (url) => {
    await appWith();
    const field = url.endsWith('image') ? 'image' : 'memeImage';
    const body = multipartBody([
      { name: 'memeId', value: '1' },
      { name: field, value: await png(), filename: 'a.png', type: 'image/png' },
    ]);
    const response = await postMultipart(url, body.headers['content-type'], body.payload.subarray(0, body.payload.length - 40));
    expect(response.statusCode).toBe(400);
    expectErrorBody(response.json(), 'INVALID_MULTIPART');
  });
});

describe('the shared meme page', () => {
  it('puts a prompt with $ replacement patterns into the page literally', async () => {
    await appWith();
    const session = await member();
    const meme = (await generate(session, "Price $` to $& and $' moon $$ $1")).json();
    expect(meme.memeText).toContain("$` to $& and $' moon $$ $1");
    const page = await ctx!.app.inject({ method: 'GET', url: `/meme/${meme.trackingCode}` });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    const ogTitle = /<meta property="og:title" content="([^"]*)" \/>/.exec(html)?.[1];
    expect(ogTitle).toBe(`${meme.memeText.replace(/&/g, '&amp;').replace(/'/g, '&#39;')} | Acorn Meme Studio`);
    // Nothing of the page head is copied in front of the document.
    expect(html.trimStart().toLowerCase().startsWith('<!doctype html>')).toBe(true);
  });
});

describe('a posted meme keeps its image', () => {
  it('refuses complete-meme on a meme that was already posted with 409 MEME_ALREADY_POSTED', async () => {
    await appWith();
    const session = await member();
    const meme = (await generate(session, 'Acorns forever')).json();
    const postId = publish(session.xId, `${meme.memeText} #ACORN #BRC20 #AcornSquirrels\n${meme.shareUrl}`);
    const claimed = await requestMemeClaim(ctx!.app, session, meme.sessionToken, postId);
    expect(claimed.statusCode).toBe(200);

    const body = multipartBody([
      { name: 'memeId', value: String(meme.id) },
      { name: 'memeImage', value: await png(1200, 630), filename: 'meme.png', type: 'image/png' },
    ]);
    const response = await ctx!.app.inject({
      method: 'POST',
      url: '/api/upload/complete-meme',
      headers: { ...body.headers, cookie: session.cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(409);
    expectErrorBody(response.json(), 'MEME_ALREADY_POSTED');
    const shared = (await ctx!.app.inject({ method: 'GET', url: `/api/memes/share/${meme.trackingCode}` })).json();
    expect(shared.imageUrl).toBe(meme.imageUrl);
  });

  it('still lets the owner replace the image of a meme not yet posted', async () => {
    await appWith();
    const session = await member();
    const meme = (await generate(session, 'Acorns forever')).json();
    const body = multipartBody([
      { name: 'memeId', value: String(meme.id) },
      { name: 'memeImage', value: await png(1200, 630), filename: 'meme.png', type: 'image/png' },
    ]);
    const response = await ctx!.app.inject({
      method: 'POST',
      url: '/api/upload/complete-meme',
      headers: { ...body.headers, cookie: session.cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  async function loginsFrom(app: Awaited<ReturnType<typeof appWith>>, forwardedFor: (i: number) => string, count = 25) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': forwardedFor(i) },
        payload: { walletAddress: mainnetWallets.segwitKey },
      });
      statuses.push(response.statusCode);
    }
    return { ok: statuses.filter((status) => status === 200).length, limited: statuses.filter((status) => status === 429).length };
  }

  it('true trusts one hop: a spoofed first X-Forwarded-For entry does not escape the login limit', async () => {
    const app = await appWith({ TRUST_PROXY: 'true' });
    // The client wrote "198.51.100.i"; the one proxy in front appended the address it saw.
    expect(await loginsFrom(app, (i) => `198.51.100.${i}, 203.0.113.7`)).toEqual({ ok: 20, limited: 5 });
  });

  it('a hop count trusts that many proxies', async () => {
    const app = await appWith({ TRUST_PROXY: '2' });
    expect(await loginsFrom(app, (i) => `198.51.100.${i}, 203.0.113.7, 10.0.0.2`)).toEqual({ ok: 20, limited: 5 });
  });

  it('a list of proxy addresses trusts only those', async () => {
    const app = await appWith({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    expect(await loginsFrom(app, (i) => `198.51.100.${i}, 203.0.113.7, 10.0.0.2`)).toEqual({ ok: 20, limited: 5 });
    // Two different clients behind the same proxies are counted apart.
    const other = await loginsFrom(app, () => '203.0.113.99, 10.0.0.2', 1);
    expect(other.ok).toBe(1);
  });

  it('parses true, false, hop counts and address lists, and names a bad value', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});

describe('request timeouts', () => {
  /** A raw client: sends `head`, then one body byte every `everyMs` until the server answers or closes. */
  async function slowClient(port: number, head: string, everyMs: number) {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(head);
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) {
        socket.write('a');
        sent++;
      }
    }, everyMs);
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    clearInterval(timer);
    return { received, sent };
  }

  async function listening(env: Record<string, string>) {
    const app = await appWith(env);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as net.AddressInfo).port;
  }

  it('answers 408 with the error body and closes a connection whose body trickles in', async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: '1000' });
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { received, sent } = await slowClient(port, head, 100);
    expect(sent).toBeLessThan(1000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expectErrorBody(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)), 'REQUEST_TIMEOUT');
  });

  it('closes a connection whose headers trickle in', async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: '1000' });
    const { received } = await slowClient(port, 'GET /api/health HTTP/1.1\r\nX-Slow: ', 100);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that sends nothing', async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: '1000' });
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('has sane defaults and names a bad value', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(60_000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});

describe('tip height: explorers raced under one deadline', () => {
  it('answers from the explorer that answers, without waiting for one that hangs', async () => {
    upstream.set('/primary/height', { kind: 'hang' });
    upstream.set('/backup/height', { kind: 'text', body: '915100' });
    // A sequential ask would wait the whole minute for the first explorer: far past the test's timeout.
    const app = await appWith({ UPSTREAM_TIMEOUT_MS: '60000' });
    const response = await app.inject({ method: 'GET', url: '/api/chain/tip-height' });
    expect(response.json()).toMatchObject({ height: 915100, stale: false });
  });

  it('answers 502 within the one deadline when every explorer hangs', async () => {
    upstream.set('/primary/height', { kind: 'hang' });
    upstream.set('/backup/height', { kind: 'hang' });
    const app = await appWith({ UPSTREAM_TIMEOUT_MS: '1500' });
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/chain/tip-height' });
    expect(response.statusCode).toBe(502);
    expectErrorBody(response.json(), 'UPSTREAM_UNAVAILABLE');
    // One deadline for all explorers: the timeout + 1 s at most (in turn it would be twice the timeout).
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('remembers a failure for a while when there is no last good value', async () => {
    let now = Date.UTC(2025, 0, 15, 12, 0, 0);
    upstream.set('/primary/height', { kind: 'text', body: 'down', status: 500 });
    upstream.set('/backup/height', { kind: 'text', body: 'down', status: 500 });
    const app = await appWith({}, () => now);
    const before = upstream.calls('/primary/height');
    expect((await app.inject({ method: 'GET', url: '/api/chain/tip-height' })).statusCode).toBe(502);
    upstream.set('/primary/height', { kind: 'text', body: '915200' });
    const again = await app.inject({ method: 'GET', url: '/api/chain/tip-height' });
    expect(again.statusCode).toBe(502);
    expectErrorBody(again.json(), 'UPSTREAM_UNAVAILABLE');
    expect(upstream.calls('/primary/height') - before).toBe(1);
    now += 10_000;
    expect((await app.inject({ method: 'GET', url: '/api/chain/tip-height' })).json().height).toBe(915200);
  });

  it('serves the old value at once after the cache expired, refreshing in the background', async () => {
    let now = Date.UTC(2025, 0, 15, 12, 0, 0);
    upstream.set('/primary/height', { kind: 'text', body: '915300' });
    upstream.set('/backup/height', { kind: 'hang' });
    const app = await appWith({ UPSTREAM_TIMEOUT_MS: '60000' }, () => now);
    expect((await app.inject({ method: 'GET', url: '/api/chain/tip-height' })).json().height).toBe(915300);

    upstream.set('/primary/height', { kind: 'hang' });
    const before = upstream.calls('/primary/height');
    now += 31_000;
    // Waiting for the hanging explorers would take a minute: the old value comes at once instead.
    const response = await app.inject({ method: 'GET', url: '/api/chain/tip-height' });
    expect(response.statusCode).toBe(200);
    expect(response.json().height).toBe(915300);
    // ...and one refresh is under way (it reaches the explorer a moment after the answer).
    while (upstream.calls('/primary/height') === before) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(upstream.calls('/primary/height') - before).toBe(1);
  });
});

describe('a slow body from an outside service is a timeout', () => {
  it('answers 502 X_UNAVAILABLE, not 400 TWEET_NOT_FOUND, when X sends the post late', async () => {
    await appWith();
    const session = await member();
    const tweetText = 'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps. #ACORN #BRC20';
    const postId = publish(session.xId, tweetText);
    ctx!.fakeX.setMode('tweets', 'slow-body');
    const response = await requestTweetClaim(ctx!.app, session, {
      tweetText,
      isCustom: true,
      actualTweetUrl: `https://x.com/someone/status/${postId}`,
      postingStartTime: Date.now() - 60_000,
    });
    expect(response.statusCode).toBe(502);
    expectErrorBody(response.json(), 'X_UNAVAILABLE');
  });

  it('answers 502 when the marketplace sends its body late', async () => {
    upstream.set('/v2/ord/btc/stat', { kind: 'slow-body', body: JSON.stringify({ floorPrice: '1500000', supply: '3420' }) });
    const app = await appWith({ MARKETPLACE_API_BASE: upstream.url });
    const response = await app.inject({ method: 'GET', url: '/api/nft/collection-stats/acorn-squirrels' });
    expect(response.statusCode).toBe(502);
    expectErrorBody(response.json(), 'UPSTREAM_UNAVAILABLE');
  });
});

describe('missing uploads', () => {
  let clientDir: string;
  beforeAll(() => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>');
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  it.each([
    ['GET', `/uploads/${'0'.repeat(32)}.png`],
    ['HEAD', `/uploads/${'0'.repeat(32)}.png`],
    ['GET', `/%75ploads/${'0'.repeat(32)}.png`],
    ['GET', '/uploads/not-a-stored-name.png'],
    ['GET', '/assets/index-missing.js'],
  ] as const)('answers %s %s with 404, not the app page', async (method, url) => {
    const app = await appWith({ CLIENT_DIR: clientDir });
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });

  it('still serves the app page for client routes', async () => {
    const app = await appWith({ CLIENT_DIR: clientDir });
    const response = await app.inject({ method: 'GET', url: '/mining' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });
});
