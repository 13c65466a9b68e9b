import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.js';
import { build } from '../helpers/build-app.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

const label = 'Simulated X — local demo';
const goodText =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';

/** A browser's cookie jar, enough for one origin. */
class Browser {
  private cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(new URL(url, this.base), { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }

  json(url: string, method: string, body: unknown): Promise<Response> {
    return this.fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** Submits the page's form the way a browser does: its hidden fields and text areas, plus the fields given. */
  submit(html: string, fields: Record<string, string>, button?: string): Promise<Response> {
    const form = /<form[^>]*action="([^"]*)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) throw new Error(`no form in ${html}`);
    const data = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
      data.set(attribute(input[0], 'name'), attribute(input[0], 'value'));
    }
    for (const area of form[2]!.matchAll(/<textarea[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g)) {
      data.set(area[1]!, unescape(area[2]!));
    }
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    if (button) data.set('action', button);
    return this.fetch(unescape(form[1]!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: data.toString(),
    });
  }
}

function unescape(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function attribute(tag: string, name: string): string {
  return unescape(new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '');
}

describe('simulated X on a loopback address without X credentials', () => {
  let ctx: TestContext;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    ctx = await createTestApp({ X_SIMULATED: 'true', HOST: '127.0.0.1', PORT: String(port), MINING_OPEN: 'true' });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => ctx.close());

  async function linkedBrowser(wallet: string, handle: string): Promise<{ browser: Browser; userId: number }> {
    const browser = new Browser(base);
    const login = await browser.json('/api/auth/login', 'POST', { walletAddress: wallet });
    expect(login.status).toBe(200);
    const { user } = (await login.json()) as { user: { id: number } };
    const { authUrl } = (await (await browser.fetch('/api/auth/twitter')).json()) as { authUrl: string };
    expect(authUrl.startsWith(`${base}/simulated-x/`)).toBe(true);

    const authorize = await browser.fetch(authUrl);
    expect(authorize.status).toBe(200);
    const page = await authorize.text();
    expect(page).toContain(label);

    const approved = await browser.submit(page, { handle });
    expect(approved.status).toBe(303);
    const callback = await browser.fetch(approved.headers.get('location')!);
    const landing = new URL(callback.headers.get('location')!, base);
    expect(landing.searchParams.get('twitter_auth')).toBe('success');

    const exchange = await browser.json('/api/auth/twitter/exchange', 'POST', {
      code: landing.searchParams.get('code'),
      state: landing.searchParams.get('state'),
      walletAddress: wallet,
    });
    expect(exchange.status).toBe(200);
    expect(((await exchange.json()) as { twitterAccount: unknown }).twitterAccount).toEqual({ handle, isVerified: false });
    return { browser, userId: user.id };
  }

  /** Opens the compose page as the app does, presses Post, and reads the post URL offered to copy. */
  async function postOnSimulatedX(browser: Browser, composeUrl: string, text: string): Promise<string> {
    const compose = await browser.fetch(`${composeUrl}?${new URLSearchParams({ text })}`);
    expect(compose.status).toBe(200);
    const page = await compose.text();
    expect(page).toContain(label);
    const posted = await browser.submit(page, {});
    expect(posted.status).toBe(303);
    const status = await browser.fetch(posted.headers.get('location')!);
    const statusPage = await status.text();
    expect(statusPage).toContain(label);
    const url = /value="(https:\/\/x\.com\/[A-Za-z0-9_]+\/status\/\d+)"/.exec(statusPage)?.[1];
    if (!url) throw new Error(`no post URL in ${statusPage}`);
    return url;
  }

  function claim(browser: Browser, userId: number, url: string) {
    return browser.json('/api/tweets/post', 'POST', {
      userId,
      tweetText: goodText,
      isCustom: true,
      actualTweetUrl: url,
      postingStartTime: Date.now() - 60_000,
    });
  }

  it('says so in /api/config, with its own compose page', async () => {
    const config = await (await fetch(`${base}/api/config`)).json();
    expect(config.x).toEqual({ mode: 'simulated', reason: 'loopback-demo', composeUrl: `${base}/simulated-x/intent/tweet` });
  });

  it('links an account, posts, claims 100 points against the simulated X, and holds the next claim for the cooldown', async () => {
    const { browser, userId } = await linkedBrowser(mainnetWallets.taproot, 'demo_squirrel');
    const config = (await (await fetch(`${base}/api/config`)).json()) as { x: { composeUrl: string } };

    const first = await postOnSimulatedX(browser, config.x.composeUrl, goodText);
    expect(first).toMatch(/^https:\/\/x\.com\/demo_squirrel\/status\/\d+$/);
    const claimed = await claim(browser, userId, first);
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toEqual({ ok: true, pointsEarned: 100, totalAcornMined: 100 });

    const second = await postOnSimulatedX(browser, config.x.composeUrl, `${goodText} Again!`);
    expect(second).not.toBe(first);
    const early = await claim(browser, userId, second);
    expect(early.status).toBe(429);
    expect(((await early.json()) as { error: string }).error).toBe('TWEET_COOLDOWN_ACTIVE');
  });

  it("verifies claims on the simulated X: another account's post is not yours", async () => {
    const author = await linkedBrowser(mainnetWallets.segwitKey, 'first_poster');
    const other = await linkedBrowser(mainnetWallets.legacy, 'second_poster');
    const config = (await (await fetch(`${base}/api/config`)).json()) as { x: { composeUrl: string } };
    const url = await postOnSimulatedX(author.browser, config.x.composeUrl, goodText);
    const response = await claim(other.browser, other.userId, url);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe('TWEET_NOT_YOURS');
  });

  it('refuses a token request whose PKCE verifier does not match the challenge', async () => {
    const browser = new Browser(base);
    await browser.json('/api/auth/login', 'POST', { walletAddress: mainnetWallets.p2sh });
    const { authUrl } = (await (await browser.fetch('/api/auth/twitter')).json()) as { authUrl: string };
    const approved = await browser.submit(await (await browser.fetch(authUrl)).text(), { handle: 'pkce_check' });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    const token = await fetch(`${base}/simulated-x/2/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: 'not-the-verifier-the-app-kept-for-this-state-0123456789',
        redirect_uri: new URL(authUrl).searchParams.get('redirect_uri')!,
        client_id: new URL(authUrl).searchParams.get('client_id')!,
      }).toString(),
    });
    expect(token.status).toBe(400);
  });

  it('will not redirect an authorization anywhere but the app', async () => {
    const browser = new Browser(base);
    await browser.json('/api/auth/login', 'POST', { walletAddress: mainnetWallets.segwitScript });
    const { authUrl } = (await (await browser.fetch('/api/auth/twitter')).json()) as { authUrl: string };
    const evil = new URL(authUrl);
    evil.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const response = await browser.fetch(evil.toString());
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('evil.example/callback"');
  });

  it('sends the user back to the app with access_denied on Cancel', async () => {
    const browser = new Browser(base);
    await browser.json('/api/auth/login', 'POST', { walletAddress: fakeWallet('bc1q', 43) });
    const { authUrl } = (await (await browser.fetch('/api/auth/twitter')).json()) as { authUrl: string };
    const cancelled = await browser.submit(await (await browser.fetch(authUrl)).text(), {}, 'deny');
    expect(cancelled.status).toBe(303);
    const callback = new URL(cancelled.headers.get('location')!);
    expect(callback.pathname).toBe('/api/auth/twitter/callback');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(new URL(authUrl).searchParams.get('state'));
  });

  it('refuses a form posted from another site', async () => {
    const response = await fetch(`${base}/simulated-x/intent/tweet`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'text=hello',
    });
    expect(response.status).toBe(403);
  });

  it('escapes the text it shows and refuses a handle X would not allow', async () => {
    const browser = new Browser(base);
    const compose = await browser.fetch(`/simulated-x/intent/tweet?${new URLSearchParams({ text: '<script>alert(1)</script> "quoted"' })}`);
    const page = await compose.text();
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    await browser.json('/api/auth/login', 'POST', { walletAddress: fakeWallet('bc1q', 42) });
    const { authUrl } = (await (await browser.fetch('/api/auth/twitter')).json()) as { authUrl: string };
    const refused = await browser.submit(await (await browser.fetch(authUrl)).text(), { handle: '<b>not a handle</b>' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).not.toContain('<b>not a handle');
  });

  it('speaks Chinese when the app opens it in Chinese, through its forms and the post page', async () => {
    const browser = new Browser(base);
    await browser.json('/api/auth/login', 'POST', { walletAddress: fakeWallet('bc1q', 44) });
    const { authUrl } = (await (await browser.fetch('/api/auth/twitter')).json()) as { authUrl: string };
    const authorize = await (await browser.fetch(`${authUrl}&lang=zh`)).text();
    expect(authorize).toContain('<html lang="zh-CN">');
    expect(authorize).toContain('模拟 X — 本地演示');
    expect(authorize).toContain('X 用户名（不含 @）');
    expect(authorize).not.toContain('Authorize app');

    const refused = await browser.submit(authorize, { handle: 'not a handle' });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain('<html lang="zh-CN">');
    expect(refusedPage).toContain('用户名为 1 到 15 个字母、数字或下划线。');

    const { browser: author } = await linkedBrowser(fakeWallet('bc1q', 45), 'zh_reader');
    const compose = await (await author.fetch(`/simulated-x/intent/tweet?${new URLSearchParams({ text: '   ', lang: 'zh' })}`)).text();
    expect(compose).toContain('正在以 <strong>@zh_reader</strong> 的身份发布。');
    const empty = await author.submit(compose, {});
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('帖子需要包含文字。');

    const posted = await author.submit(compose, { text: goodText });
    expect(posted.status).toBe(303);
    const postPage = await (await author.fetch(posted.headers.get('location')!)).text();
    expect(postPage).toContain('<html lang="zh-CN">');
    expect(postPage).toContain('复制链接');
    expect(postPage).toContain('data-copied="链接已复制。"');
  });

  it("follows the browser's Accept-Language when the app gives no language, and the app's choice over it", async () => {
    const chinese = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
    const byBrowser = await (await fetch(`${base}/simulated-x/intent/tweet?text=hi`, { headers: chinese })).text();
    expect(byBrowser).toContain('<html lang="zh-CN">');
    expect(byBrowser).toContain('撰写帖子');

    const byApp = await (await fetch(`${base}/simulated-x/intent/tweet?text=hi&lang=en`, { headers: chinese })).text();
    expect(byApp).toContain('<html lang="en">');
    expect(byApp).toContain('Compose post');

    const missing = await (await fetch(`${base}/simulated-x/status/1?lang=zh`)).text();
    expect(missing).toContain('找不到帖子');

    const english = await (await fetch(`${base}/simulated-x/intent/tweet?text=hi`)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(`<p class="banner" role="note">${label}: nothing here reaches the real X.</p>`);
    expect(english).toContain('No simulated X account is signed in on this browser yet.');
  });

  it('serves its pages under the CSP with no inline script', async () => {
    const page = await fetch(`${base}/simulated-x/intent/tweet?text=hi`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // With the app's no-referrer policy, Chromium would send `Origin: null` with the page's forms.
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('simulated X stays off beyond loopback and with X credentials', () => {
  let clientDir: string;

  beforeAll(() => {
    // With a client build present, an unknown page is the SPA: /simulated-x must still be a 404.
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  async function expectNoSimulatedX(env: Record<string, string>, mode: 'off' | 'real') {
    const ctx = await build({ X_SIMULATED: 'true', CLIENT_DIR: clientDir, ...env });
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().x.mode).toBe(mode);
    expect(config.json().x.composeUrl).toBe('https://x.com/intent/tweet');
    for (const url of ['/simulated-x/i/oauth2/authorize', '/simulated-x/intent/tweet?text=hi', '/simulated-x/2/users/me']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(label);
    }
    const token = await ctx.app.inject({ method: 'POST', url: '/simulated-x/2/oauth2/token', payload: {} });
    expect(token.statusCode).toBe(404);
  }

  it('is off with HOST=0.0.0.0', async () => {
    await expectNoSimulatedX({ HOST: '0.0.0.0' }, 'off');
  });

  it('is off with an https PUBLIC_URL', async () => {
    await expectNoSimulatedX({ HOST: '127.0.0.1', PUBLIC_URL: 'https://acorn.example' }, 'off');
  });

  it('is off with a PUBLIC_URL on another host, even over http', async () => {
    await expectNoSimulatedX({ HOST: '127.0.0.1', PUBLIC_URL: 'http://192.168.1.20:3000' }, 'off');
  });

  it('is off when X_SIMULATED=false, on loopback', async () => {
    await expectNoSimulatedX({ HOST: '127.0.0.1', X_SIMULATED: 'false' }, 'off');
  });

  it('gives way to the real X when X credentials are set', async () => {
    await expectNoSimulatedX({ HOST: '127.0.0.1', X_CLIENT_ID: 'real-client', X_CLIENT_SECRET: 's' }, 'real');
  });
});
