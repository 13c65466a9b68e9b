import { beforeEach, describe, expect, it } from 'vitest';
import { build, useTestApp } from '../helpers/build-app.js';
import { cookiePair } from '../helpers/test-app.js';
import { topHoldersCacheMs } from '../../server/features/point-allocations/point-allocations.routes.js';
import { answerAfterChange } from '../helpers/answer-after-change.js';
import { seedPointsAllocations } from '../helpers/seed.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

const ctx = useTestApp();

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function loginCookie(walletAddress: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress } });
  return cookiePair(response.headers['set-cookie']);
}

describe('GET /api/tokens/my-allocation', () => {
  it("returns the session wallet's allocation with a 3-decimal ratio", async () => {
    await seedPointsAllocations(ctx.handle.db, [{ wallet: mainnetWallets.taproot, points: 300, tokens: '1000' }]);
    const response = await get('/api/tokens/my-allocation', await loginCookie(mainnetWallets.taproot));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      allocation: {
        id: expect.any(Number),
        walletAddress: mainnetWallets.taproot,
        finalPoints: 300,
        allocatedTokens: 1000,
        allocationRatio: 3.333,
      },
    });
  });

  it('answers 404 with the spec message when the wallet has none', async () => {
    const response = await get('/api/tokens/my-allocation', await loginCookie(mainnetWallets.legacy));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'ALLOCATION_NOT_FOUND',
      message: 'No token allocation found for your wallet address',
    });
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/tokens/my-allocation')).statusCode).toBe(401);
  });

  it('answers 200 with the not-found state when the wallet has none and the caller asks onUnavailable=state', async () => {
    await seedPointsAllocations(ctx.handle.db, [{ wallet: mainnetWallets.taproot, points: 300, tokens: '1000' }]);
    const response = await get('/api/tokens/my-allocation?onUnavailable=state', await loginCookie(mainnetWallets.legacy));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      unavailable: true,
      error: 'ALLOCATION_NOT_FOUND',
      message: 'No token allocation found for your wallet address',
    });
  });

  it('answers the allocation itself when asked onUnavailable=state and the wallet has one', async () => {
    await seedPointsAllocations(ctx.handle.db, [{ wallet: mainnetWallets.taproot, points: 300, tokens: '1000' }]);
    const response = await get('/api/tokens/my-allocation?onUnavailable=state', await loginCookie(mainnetWallets.taproot));
    expect(response.statusCode).toBe(200);
    expect(response.json().allocation).toMatchObject({ walletAddress: mainnetWallets.taproot, allocatedTokens: 1000 });
  });

  it('still answers 401 without a session when asked onUnavailable=state', async () => {
    expect((await get('/api/tokens/my-allocation?onUnavailable=state')).statusCode).toBe(401);
  });
});

describe('GET /api/tokens/stats', () => {
  it('reports zeros before any import', async () => {
    expect((await get('/api/tokens/stats')).json()).toEqual({
      totalAllocations: 0,
      totalTokensAllocated: 0,
      totalPointsAllocated: 0,
      averageTokensPerUser: 0,
    });
  });

  it('reports exact totals and the average', async () => {
    await seedPointsAllocations(ctx.handle.db, [
      { wallet: mainnetWallets.taproot, points: 100, tokens: '0.1' },
      { wallet: mainnetWallets.legacy, points: 200, tokens: '0.2' },
      { wallet: mainnetWallets.p2sh, points: 50, tokens: '0.000001' },
    ]);
    expect((await get('/api/tokens/stats')).json()).toEqual({
      totalAllocations: 3,
      totalTokensAllocated: 0.300001,
      totalPointsAllocated: 350,
      averageTokensPerUser: 0.1,
    });
  });
});

describe('GET /api/tokens/allocations', () => {
  beforeEach(async () => {
    await seedPointsAllocations(
      ctx.handle.db,
      Array.from({ length: 45 }, (_, index) => ({
        wallet: fakeWallet('bc1q', 42 + (index % 20)) + String(index),
        points: index * 10,
        tokens: String(index * 100),
      })),
    );
  });

  it('lists 20 by default, largest first, with the total', async () => {
    const page = (await get('/api/tokens/allocations')).json();
    expect(page.total).toBe(45);
    expect(page.allocations).toHaveLength(20);
    expect(page.allocations[0].allocatedTokens).toBe(4400);
    const amounts = page.allocations.map((row: { allocatedTokens: number }) => row.allocatedTokens);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('pages with limit and offset', async () => {
    const page = (await get('/api/tokens/allocations?limit=20&offset=40')).json();
    expect(page.allocations.map((row: { allocatedTokens: number }) => row.allocatedTokens)).toEqual([400, 300, 200, 100, 0]);
  });

  it('refuses limit=-1, limit=100000 and offset=abc with 400', async () => {
    for (const query of ['limit=-1', 'limit=100000', 'offset=abc', 'limit=0', 'offset=-5']) {
      const response = await get(`/api/tokens/allocations?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe('VALIDATION_ERROR');
    }
  });

  it('accepts the largest allowed page', async () => {
    expect((await get('/api/tokens/allocations?limit=100')).json().allocations).toHaveLength(45);
  });
});

describe('GET /api/tokens/allocations from memory', () => {
  it('answers the same page for a few seconds, then the allocations as imported since', async () => {
    let now = Date.UTC(2026, 10, 26, 12);
    const clocked = await build({}, { now: () => now });
    const topTokens = async () =>
      (await clocked.app.inject({ method: 'GET', url: '/api/tokens/allocations?limit=5' })).json().allocations[0].allocatedTokens;
    await seedPointsAllocations(clocked.handle.db, [{ wallet: mainnetWallets.taproot, points: 10, tokens: '100' }]);
    expect(await topTokens()).toBe(100);

    await seedPointsAllocations(clocked.handle.db, [{ wallet: mainnetWallets.segwitKey, points: 20, tokens: '900' }]);
    now += topHoldersCacheMs - 1;
    expect(await topTokens()).toBe(100);
    // Not read again behind the answer either: still the page from memory.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await topTokens()).toBe(100);

    // Past its time: the old page once more while one read runs behind it, then the new one.
    now += 1;
    expect(await answerAfterChange(topTokens, 100)).toBe(900);
  });
});
