import { describe, expect, it } from 'vitest';
import { holderTier, stakingTierMultiplier, whaleBonusMultiplier } from '@shared/holder-tiers.js';

describe('holderTier', () => {
  it.each([
    [1, 'holder'],
    [2, 'collector'],
    [4, 'collector'],
    [5, 'curator'],
    [9, 'curator'],
    [10, 'whale'],
    [24, 'whale'],
    [25, 'kraken'],
    [3420, 'kraken'],
  ])('puts a holder of %i NFTs in the %s tier', (nfts, key) => {
    expect(holderTier(nfts)?.key).toBe(key);
  });

  it('gives no tier to a wallet with no NFTs', () => {
    expect(holderTier(0)).toBeNull();
  });

  it('rejects a count that is negative or fractional', () => {
    expect(() => holderTier(-1)).toThrow(RangeError);
    expect(() => holderTier(2.5)).toThrow(RangeError);
  });
});

describe('whaleBonusMultiplier', () => {
  it.each([
    [1, null],
    [2, 1.1],
    [4, 1.1],
    [5, 1.25],
    [9, 1.25],
    [10, 1.5],
    [24, 1.5],
    [25, 2],
  ])('gives %i NFTs a multiplier of %s', (nfts, multiplier) => {
    expect(whaleBonusMultiplier(nfts)).toBe(multiplier);
  });
});

describe('stakingTierMultiplier', () => {
  it.each([
    [1, 1],
    [4, 1],
    [5, 1.2],
    [9, 1.2],
    [10, 1.5],
    [24, 1.5],
    [25, 2],
  ])('multiplies a stake of %i NFTs by %s', (nfts, multiplier) => {
    expect(stakingTierMultiplier(nfts)).toBe(multiplier);
  });

  it('gives nothing staked a multiplier of 0', () => {
    expect(stakingTierMultiplier(0)).toBe(0);
  });
});
