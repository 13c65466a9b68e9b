import { describe, expect, it } from 'vitest';
import {
  durationMultiplier,
  seasonOneTokens,
  seasonOneTokensMicro,
  splitSeasonOneForfeit,
  stakingExamples,
  stakingScore,
} from '@shared/staking.js';
import { toMicro } from '@shared/token-amount.js';
import { seasonOne } from '@shared/tokenomics.js';

describe('stakingScore', () => {
  it('multiplies NFTs by the duration and tier multipliers', () => {
    expect(stakingScore(1, 2)).toBe(1.2);
    expect(stakingScore(5, 3)).toBe(9);
    expect(stakingScore(10, 6)).toBe(30);
    expect(stakingScore(25, 12)).toBe(150);
  });

  it('penalises a one-month lock with a multiplier of 0.5', () => {
    expect(durationMultiplier(1)).toBe(0.5);
    expect(stakingScore(4, 1)).toBe(2);
  });

  it('scores without float error where the plain product drifts', () => {
    expect(6 * 1.2 * 1.2).not.toBe(8.64);
    expect(stakingScore(6, 2)).toBe(8.64);
    expect(stakingScore(3, 2)).toBe(3.6);
  });
});

describe('seasonOneTokens', () => {
  it('pays score / 9,845.15 x 69,412,725.85', () => {
    expect(seasonOneTokens(1.2)).toBe(8_460.538541);
    expect(seasonOneTokens(9)).toBe(63_454.03906);
    expect(seasonOneTokens(1.2)).toBeCloseTo((1.2 / 9_845.15) * 69_412_725.85, 5);
  });

  it('pays the whole adjusted pool for the whole season 1 score', () => {
    expect(seasonOneTokensMicro(seasonOne.totalScore)).toBe(toMicro(seasonOne.adjustedPool));
    expect(seasonOneTokens(0)).toBe(0);
  });
});

describe('splitSeasonOneForfeit', () => {
  it('splits the forfeit 50/20/30 exactly and rounds to the shown figures', () => {
    const split = splitSeasonOneForfeit();
    expect(split).toEqual({
      treasury: toMicro('5293637.075'),
      seasonTwo: toMicro('2117454.83'),
      seasonThree: toMicro('3176182.245'),
    });
    expect(split.treasury + split.seasonTwo + split.seasonThree).toBe(toMicro(seasonOne.forfeited));
    const toCent = (micro: bigint) => Number((micro + 5_000n) / 10_000n) / 100;
    expect(toCent(split.treasury)).toBe(seasonOne.forfeitSplitShown.treasury);
    expect(toCent(split.seasonTwo)).toBe(seasonOne.forfeitSplitShown.seasonTwo);
    expect(toCent(split.seasonThree)).toBe(seasonOne.forfeitSplitShown.seasonThree);
  });
});

describe('stakingExamples', () => {
  it('works one example per staking tier through the same functions', () => {
    expect(
      stakingExamples.map(({ nfts, months, lockBlocks, durationMultiplier: d, tierMultiplier, score }) => [
        nfts,
        months,
        lockBlocks,
        d,
        tierMultiplier,
        score,
      ]),
    ).toEqual([
      [1, 2, 8_640, 1.2, 1, 1.2],
      [5, 3, 12_960, 1.5, 1.2, 9],
      [10, 6, 25_920, 2, 1.5, 30],
      [25, 12, 52_560, 3, 2, 150],
    ]);
    expect(stakingExamples.map((example) => example.seasonOneTokens)).toEqual([
      8_460.538541, 63_454.03906, 211_513.463533, 1_057_567.317664,
    ]);
  });
});
