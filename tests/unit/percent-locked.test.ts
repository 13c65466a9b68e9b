import { describe, expect, it } from 'vitest';
import { percentLocked } from '@server/features/staking/percent-locked.js';

describe('percentLocked', () => {
  it('is locked / collection size x 100 to 2 decimals, for the 3,420 NFTs of the collection', () => {
    expect(percentLocked(0)).toBe(0);
    expect(percentLocked(1)).toBe(0.03);
    expect(percentLocked(1000)).toBe(29.24);
    expect(percentLocked(1710)).toBe(50);
    expect(percentLocked(3419)).toBe(99.97);
    expect(percentLocked(3420)).toBe(100);
  });

  it('rounds an exact half up, where floating-point maths would round it down', () => {
    // 57 / 800 = 7.125 %; Math.round(57 / 800 * 10000) / 100 gives 7.12.
    expect(percentLocked(57, 800)).toBe(7.13);
    expect(percentLocked(1, 8)).toBe(12.5);
  });

  it('is within half a hundredth of the exact share for every count of the collection', () => {
    for (let count = 0; count <= 3420; count += 1) {
      const percent = percentLocked(count);
      const hundredths = Math.round(percent * 100);
      expect(percent).toBe(hundredths / 100);
      // |hundredths - count x 10,000 / 3,420| <= 1/2, kept in whole numbers.
      expect(Math.abs(hundredths * 3420 - count * 10_000)).toBeLessThanOrEqual(1710);
    }
  });

  it('refuses a count that is negative, fractional or above the collection size', () => {
    for (const count of [-1, 1.5, 3421]) expect(() => percentLocked(count)).toThrow(RangeError);
  });
});
