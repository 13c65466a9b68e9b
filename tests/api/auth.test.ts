import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { setBlocked } from '../../server/features/users/users.repository.js';
import { findUserByWallet } from '../../server/features/users/users.repository.js';
import { useTestApp } from '../helpers/build-app.js';
import { cookiePair } from '../helpers/test-app.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

const ctx = useTestApp();

async function login(walletAddress: string, extra: Record<string, unknown> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress, ...extra } });
}

describe('POST /api/auth/login', () => {
  it('creates a new user with zero points and returns it', async () => {
    const response = await login(mainnetWallets.taproot);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({ walletAddress: mainnetWallets.taproot, totalAcornMined: 0 });
    expect(Number.isInteger(user.id)).toBe(true);
  });

  it('returns the same user on a second login', async () => {
    const first = (await login(mainnetWallets.legacy)).json().user;
    const second = (await login(mainnetWallets.legacy)).json().user;
    expect(second.id).toBe(first.id);
  });

  it('treats an upper-case bech32 address as the same wallet', async () => {
    const first = (await login(mainnetWallets.segwitKey)).json().user;
    const second = (await login(`  ${mainnetWallets.segwitKey.toUpperCase()} `)).json().user;
    expect(second).toEqual(first);
  });

  it('keeps base58 addresses case-sensitive', async () => {
    const lower = await login(mainnetWallets.p2sh);
    const other = await login(mainnetWallets.p2sh.toLowerCase());
    expect(other.json().user.id).not.toBe(lower.json().user.id);
  });

  it('refuses an invalid address with 400 and the join form message', async () => {
    const response = await login(fakeWallet('bc1p', 61));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'INVALID_WALLET',
      message: 'Please enter a valid Bitcoin wallet address (bc1p, bc1q, 3, or 1 format)',
    });
  });

  it('refuses a malformed body with a 400 in the error format', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { wallet: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(response.json().message).toMatch(/walletAddress/);
  });

  it('refuses a 10,000-character address without crashing', async () => {
    const response = await login(`bc1q${'a'.repeat(10_000)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION_ERROR');
  });

  it('refuses a blocked user with 403 ACCOUNT_BLOCKED and sets no cookie', async () => {
    await login(mainnetWallets.legacy);
    const user = await findUserByWallet(ctx.handle.db, mainnetWallets.legacy);
    await setBlocked(ctx.handle.db, user!.id, { at: Date.now(), reason: 'farming' });

    const response = await login(mainnetWallets.legacy);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('ACCOUNT_BLOCKED');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax, signed session cookie', async () => {
    const response = await login(mainnetWallets.taproot);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(cookiePair(response.headers['set-cookie'])).toMatch(/^acorn_session=[^.]+\.[^.]+$/);
  });

  it('issues a fresh session id at each login', async () => {
    const first = cookiePair((await login(mainnetWallets.taproot)).headers['set-cookie']);
    const second = cookiePair((await login(mainnetWallets.taproot)).headers['set-cookie']);
    expect(second).not.toBe(first);
  });

  it('records the referral code once, on the first login', async () => {
    await login(mainnetWallets.legacy, { referralCode: 'friend_01' });
    await login(mainnetWallets.legacy, { referralCode: 'someone-else' });
    const user = await findUserByWallet(ctx.handle.db, mainnetWallets.legacy);
    expect(user?.referral_code).toBe('friend_01');
  });

  it('ignores a malformed referral code instead of failing the login', async () => {
    const response = await login(mainnetWallets.p2sh, { referralCode: '<script>' });
    expect(response.statusCode).toBe(200);
    expect((await findUserByWallet(ctx.handle.db, mainnetWallets.p2sh))?.referral_code).toBeNull();
  });

  it('refuses a cross-site login by Origin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { walletAddress: mainnetWallets.taproot },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('BAD_ORIGIN');
  });

  it('refuses a text/plain body (forms cannot post JSON cross-site)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ walletAddress: mainnetWallets.taproot }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('session lifecycle', () => {
  it('reads the own user data with the session cookie', async () => {
    await ctx.app.ready();
    const agent = supertest.agent(ctx.app.server);
    await agent.post('/api/auth/login').send({ walletAddress: mainnetWallets.taproot }).expect(200);

    const response = await agent.get(`/api/user/${mainnetWallets.taproot}`).expect(200);
    expect(response.body).toEqual({
      user: { id: expect.any(Number), walletAddress: mainnetWallets.taproot, totalAcornMined: 0, walletProtected: false },
      twitterAccount: null,
      proof: { proven: false, walletName: null },
    });
  });

  it('answers 401 without a session and 403 for another wallet', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/user/${mainnetWallets.legacy}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('UNAUTHENTICATED');

    const cookie = cookiePair((await login(mainnetWallets.taproot)).headers['set-cookie']);
    await login(mainnetWallets.legacy);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${mainnetWallets.legacy}`,
      headers: { cookie },
    });
    expect(other.statusCode).toBe(403);
  });

  it('ignores a forged cookie', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${mainnetWallets.taproot}`,
      headers: { cookie: 'acorn_session=forged.signature' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('logout ends the session on the server', async () => {
    const cookie = cookiePair((await login(mainnetWallets.taproot)).headers['set-cookie']);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/acorn_session=;/);

    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${mainnetWallets.taproot}`,
      headers: { cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('a blocked user loses access with existing sessions', async () => {
    const cookie = cookiePair((await login(mainnetWallets.legacy)).headers['set-cookie']);
    const user = await findUserByWallet(ctx.handle.db, mainnetWallets.legacy);
    await setBlocked(ctx.handle.db, user!.id, { at: Date.now(), reason: null });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${mainnetWallets.legacy}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('ACCOUNT_BLOCKED');
  });
});

describe('login rate limit', () => {
  it('answers 429 in the error format past the per-IP limit', async () => {
    await ctx.rebuild({ LOGIN_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i++) expect((await login(mainnetWallets.taproot)).statusCode).toBe(200);
    const limited = await login(mainnetWallets.taproot);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('RATE_LIMITED');
  });
});
