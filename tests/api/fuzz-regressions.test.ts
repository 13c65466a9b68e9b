import { describe, expect, it } from 'vitest';
import { useSharedApp } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

/** Failures the fuzz suite (tests/api/fuzz.test.ts) found, each kept as a plain test. */
const ctx = useSharedApp();

describe('URLs the router cannot read', () => {
  it('answers a malformed percent-escape in a path parameter as { error, message }', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/memes/templates/%zz/artwork.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'BAD_REQUEST', message: expect.stringMatching(/\S/) });
  });

  it('answers a path parameter longer than the router allows as { error, message }', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/staking/stats/${'A'.repeat(1_000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 'BAD_REQUEST', message: expect.stringMatching(/\S/) });
  });
});

// PostgreSQL refuses U+0000 in text ("invalid byte sequence for encoding UTF8: 0x00"): these were 500s there.
describe('NUL characters in identifiers', () => {
  const nul = '\u0000'.repeat(40);
  const expectRefusal = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
  };

  it('are dropped: nothing but NUL is refused in an allocation lookup, a proof and a profile', async () => {
    expectRefusal(await ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: nul } }));
    const lookup = (walletAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress } });
    const [plain, withNul] = [await lookup(mainnetWallets.taproot), await lookup(`${mainnetWallets.taproot}\u0000`)];
    expect(withNul.statusCode).toBe(plain.statusCode);
    expect(withNul.json()).toEqual(plain.json());
    expectRefusal(await ctx.app.inject({ method: 'GET', url: '/api/allocation/proof?wallet=%00%00' }));
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    expectRefusal(await ctx.app.inject({ method: 'GET', url: '/api/user/%00', headers: { cookie } }));
  });

  it('are dropped: nothing but NUL is refused in a meme claim and an X sign-in exchange', async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const claim = { sessionToken: nul, tweetId: '1890000000000000001', tweetUrl: 'https://x.com/someone/status/1890000000000000001' };
    expectRefusal(await ctx.app.inject({ method: 'POST', url: '/api/memes/post', headers: { cookie }, payload: claim }));
    const exchange = { code: 'abc', walletAddress: mainnetWallets.taproot, state: nul };
    expectRefusal(await ctx.app.inject({ method: 'POST', url: '/api/auth/twitter/exchange', headers: { cookie }, payload: exchange }));
  });
});
