import { describe, expect, it } from 'vitest';
import { useFakeXApp } from '../helpers/fake-x-app.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';
import { connectX, loginCookie } from '../helpers/x-flow.js';

// Each test's own fake X hands its logins acorn_fan (1001), unverified, unless told otherwise.
const ctx = useFakeXApp({ UPSTREAM_TIMEOUT_MS: '400', PUBLIC_URL: 'http://127.0.0.1:9' });

describe('X account linking (OAuth 2.0 + PKCE)', () => {
  it('links the account end to end and shows it in the user data', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const { landing, exchange } = await connectX(ctx.app, session, mainnetWallets.taproot);
    expect(landing.pathname).toBe('/mining');
    expect(landing.searchParams.get('twitter_auth')).toBe('success');
    expect(exchange.statusCode).toBe(200);
    expect(exchange.json().twitterAccount).toEqual({ handle: 'acorn_fan', isVerified: false });

    const user = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${mainnetWallets.taproot}`,
      headers: { cookie: session.cookie },
    });
    expect(user.json().twitterAccount).toEqual({ handle: 'acorn_fan', isVerified: false });
  });

  it('sends a PKCE S256 challenge and a state in the authorize URL', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/twitter', headers: { cookie: session.cookie } });
    const url = new URL(start.json().authUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBe(start.json().state);
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:9/api/auth/twitter/callback');
  });

  it('answers 401 to a visitor asking to connect', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/twitter' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a replayed state with 400 and links nothing more', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const { landing, exchange } = await connectX(ctx.app, session, mainnetWallets.taproot);
    expect(exchange.statusCode).toBe(200);
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/twitter/exchange',
      headers: { cookie: session.cookie },
      payload: { code: landing.searchParams.get('code'), state: landing.searchParams.get('state'), walletAddress: mainnetWallets.taproot },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('INVALID_OAUTH_STATE');
  });

  it('refuses a forged state with 400 and links nothing', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/twitter/exchange',
      headers: { cookie: session.cookie },
      payload: { code: 'whatever', state: 'forged-state', walletAddress: mainnetWallets.taproot },
    });
    expect(response.statusCode).toBe(400);
    const user = await ctx.app.inject({ method: 'GET', url: `/api/user/${mainnetWallets.taproot}`, headers: { cookie: session.cookie } });
    expect(user.json().twitterAccount).toBeNull();
  });

  it("refuses a state started by another session (someone else's link)", async () => {
    const victim = await loginCookie(ctx.app, mainnetWallets.taproot);
    const attacker = await loginCookie(ctx.app, mainnetWallets.legacy);
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/twitter', headers: { cookie: attacker.cookie } });
    const authorize = await fetch(start.json().authUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/twitter/exchange',
      headers: { cookie: victim.cookie },
      payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state'), walletAddress: mainnetWallets.taproot },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an exchange for another wallet with 403', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/twitter/exchange',
      headers: { cookie: session.cookie },
      payload: { code: 'c', state: 's', walletAddress: mainnetWallets.legacy },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses an expired state', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/twitter', headers: { cookie: session.cookie } });
    await ctx.handle.db.updateTable('oauth_states').set({ expires_at: Date.now() - 1 }).execute();
    const authorize = await fetch(start.json().authUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/twitter/exchange',
      headers: { cookie: session.cookie },
      payload: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state'), walletAddress: mainnetWallets.taproot },
    });
    expect(response.statusCode).toBe(400);
  });

  it('links one X account to one wallet only (409)', async () => {
    const first = await loginCookie(ctx.app, mainnetWallets.taproot);
    expect((await connectX(ctx.app, first, mainnetWallets.taproot)).exchange.statusCode).toBe(200);
    const second = await loginCookie(ctx.app, mainnetWallets.legacy);
    const { exchange } = await connectX(ctx.app, second, mainnetWallets.legacy);
    expect(exchange.statusCode).toBe(409);
    expect(exchange.json().error).toBe('X_ACCOUNT_IN_USE');
  });

  it('redirects an authorization error back to the mining page', async () => {
    ctx.fakeX.setAuthorizeError('access_denied');
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const { landing } = await connectX(ctx.app, session, mainnetWallets.taproot);
    expect(landing.searchParams.get('twitter_auth')).toBe('error');
    expect(landing.searchParams.get('error')).toBe('access_denied');
  });

  it('answers 502 in bounded time when X hangs, linking nothing', async () => {
    ctx.fakeX.setMode('token', 'hang');
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const started = Date.now();
    const { exchange } = await connectX(ctx.app, session, mainnetWallets.taproot);
    expect(exchange.statusCode).toBe(502);
    expect(exchange.json().message).toBe('Failed to connect X account. Please try again.');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers 503 with a clear message when X is not configured', async () => {
    await ctx.rebuild();
    const session = await loginCookie(ctx.app, fakeWallet('bc1q', 42));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/twitter', headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe('X_NOT_CONFIGURED');
  });
});

describe('paid-tier verification', () => {
  it('reads and refreshes the verification status of the own account only', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    await connectX(ctx.app, session, mainnetWallets.taproot);
    const status = await ctx.app.inject({ method: 'GET', url: `/api/user/${session.userId}/twitter`, headers: { cookie: session.cookie } });
    expect(status.json().isVerified).toBe(false);

    ctx.fakeX.setVerified('1001', 'blue');
    const refreshed = await ctx.app.inject({
      method: 'GET',
      url: `/api/twitter/verify-blue/${session.userId}`,
      headers: { cookie: session.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().isVerified).toBe(true);
    expect(Date.parse(refreshed.json().verificationCheckedAt)).not.toBeNaN();

    const other = await ctx.app.inject({ method: 'GET', url: `/api/twitter/verify-blue/${session.userId + 1}`, headers: { cookie: session.cookie } });
    expect(other.statusCode).toBe(403);
  });

  it('answers 502 when X fails during a refresh', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    await connectX(ctx.app, session, mainnetWallets.taproot);
    ctx.fakeX.setMode('me', 'fail');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/twitter/verify-blue/${session.userId}`, headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(502);
  });

  it('answers 403 X_NOT_CONNECTED before an account is linked', async () => {
    const session = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/${session.userId}/twitter`, headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('X_NOT_CONNECTED');
  });
});
