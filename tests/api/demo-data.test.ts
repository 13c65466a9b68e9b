import { describe, expect, it } from 'vitest';
import { loadDemoData, readDemoData } from '../../server/features/demo/load-demo-data.js';
import { useTestApp } from '../helpers/build-app.js';

const ctx = useTestApp();

const showcase = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';

describe('demo data set', () => {
  it('fills an empty database so every page has content', async () => {
    expect(await loadDemoData(ctx.handle.db)).toBe('loaded');
    const data = readDemoData();

    const lookup = await ctx.app.inject({
      method: 'POST',
      url: '/api/allocation/lookup',
      payload: { walletAddress: showcase },
    });
    const categories = lookup.json().allocation.categories.map((row: { category: string }) => row.category);
    expect(categories).toEqual(expect.arrayContaining(['Holder Airdrop', 'Whale Bonus #1', 'Whale Bonus #2', 'Whale Bonus #3']));

    const holders = (await ctx.app.inject({ method: 'GET', url: '/api/tokens/allocations' })).json();
    expect(holders.total).toBe(data.pointsAllocations.length);
    expect(holders.total).toBeGreaterThan(20);

    const stats = (await ctx.app.inject({ method: 'GET', url: '/api/tokens/stats' })).json();
    expect(stats.totalTokensAllocated).toBe(5_000_000);

    const staking = await ctx.app.inject({ method: 'GET', url: '/api/staking/stats/acorn-squirrels' });
    expect(staking.json().data.lockedCount).toBe(data.stakingLockedCount);
  });

  it('leaves a database that already has data alone', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' },
    });
    expect(await loadDemoData(ctx.handle.db)).toBe('not-empty');
    const holders = (await ctx.app.inject({ method: 'GET', url: '/api/tokens/allocations' })).json();
    expect(holders.total).toBe(0);
  });
});
