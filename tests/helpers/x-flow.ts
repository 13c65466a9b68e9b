import type { Caller } from './http-caller.js';
import { cookiePair } from './test-app.js';

export async function loginCookie(app: Caller, walletAddress: string): Promise<{ cookie: string; userId: number }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { cookie: cookiePair(response.headers['set-cookie']), userId: response.json().user.id };
}

/** Follows the whole OAuth round trip through the fake's authorize redirect; returns the exchange response. */
export async function connectX(app: Caller, session: { cookie: string }, walletAddress: string) {
  const start = await app.inject({ method: 'GET', url: '/api/auth/twitter', headers: { cookie: session.cookie } });
  if (start.statusCode !== 200) throw new Error(`authorize failed: ${start.body}`);
  const { authUrl } = start.json() as { authUrl: string };
  const authorize = await fetch(authUrl, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location') ?? '');
  const returned = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  const landing = new URL(String(returned.headers.location), 'http://app');
  return {
    landing,
    exchange: await app.inject({
      method: 'POST',
      url: '/api/auth/twitter/exchange',
      headers: { cookie: session.cookie },
      payload: {
        code: landing.searchParams.get('code') ?? '',
        state: landing.searchParams.get('state') ?? '',
        walletAddress,
      },
    }),
  };
}
