import { describe, expect, it } from 'vitest';
import { toMicro } from '@shared/token-amount.js';
import {
  actualDistributableApprox,
  distribution,
  lockPeriods,
  oneOfOneBonus,
  seasonLengthBlocks,
  seasonOne,
  seasonTwo,
  socialMining,
  stakingSeasons,
  totalSupply,
  treasuryItems,
} from '@shared/tokenomics.js';

describe('distribution', () => {
  it('sums to 100%', () => {
    expect(distribution.reduce((sum, item) => sum + item.percent, 0)).toBe(100);
  });

  it('gives future incentives one figure, 4% (40M), the one that brings the total to 100%', () => {
    const futureIncentives = distribution.find((item) => item.key === 'futureIncentives');
    expect(futureIncentives).toEqual({ key: 'futureIncentives', percent: 4, tokens: 40_000_000 });
  });

  it('gives every item the token amount its percent of the 1,000,000,000 supply implies', () => {
    for (const item of distribution) {
      expect(item.tokens).toBe((totalSupply * item.percent) / 100);
    }
    expect(distribution.reduce((sum, item) => sum + item.tokens, 0)).toBe(totalSupply);
  });

  it('lists social mining as 1%: 10M, cut from 100M, half participation and half holding', () => {
    expect(socialMining.tokens).toBe(10_000_000);
    expect(socialMining.originalTokens).toBe(100_000_000);
    expect(socialMining.participationTokens + socialMining.holdingTokens).toBe(socialMining.tokens);
    expect(socialMining.legitimateUsers).toBeLessThan(socialMining.registeredUsers);
  });

  it('pays the one-of-one bonus as 5 x 69,420 = 347,100', () => {
    expect(oneOfOneBonus.holders * oneOfOneBonus.tokensEach).toBe(347_100);
    expect(oneOfOneBonus.totalTokens).toBe(347_100);
  });

  it('keeps the named treasury items inside the 150M treasury', () => {
    const items = treasuryItems.partnership + treasuryItems.artifactHolders + treasuryItems.airdropEvent;
    expect(items).toBe(36_500_000);
    expect(items).toBeLessThan(150_000_000);
  });
});

describe('staking seasons', () => {
  it('splits the 270M staking allocation into nominal pools of 80M, 90M and 100M', () => {
    expect(stakingSeasons.map((season) => season.nominalPool)).toEqual([80e6, 90e6, 100e6]);
    expect(stakingSeasons.reduce((sum, season) => sum + season.nominalPool, 0)).toBe(270_000_000);
    expect(stakingSeasons.map((season) => season.rewardsAfterTgeBlocks)).toEqual([0, 8_640, 17_280]);
  });

  it('has lock periods of 1, 2, 3, 6 and 12 months with their block counts and multipliers', () => {
    expect(lockPeriods.map((period) => [period.months, period.blocks])).toEqual([
      [1, 4_320],
      [2, 8_640],
      [3, 12_960],
      [6, 25_920],
      [12, 52_560],
    ]);
    expect(lockPeriods.map((period) => period.seasonOneDurationMultiplier)).toEqual([0.5, 1.2, 1.5, 2, 3]);
    expect(lockPeriods.filter((period) => period.penalised).map((period) => period.months)).toEqual([1]);
  });

  it('adds the adjusted season 1 pool and its forfeit back to exactly 80,000,000', () => {
    expect(toMicro(seasonOne.adjustedPool) + toMicro(seasonOne.forfeited)).toBe(toMicro(80_000_000));
  });

  it('shows a forfeit split that sums to 10,587,274.15 within a cent', () => {
    const shown = seasonOne.forfeitSplitShown;
    const sum = toMicro(shown.treasury) + toMicro(shown.seasonTwo) + toMicro(shown.seasonThree);
    const gap = sum - toMicro(seasonOne.forfeited);
    expect(gap).toBe(10_000n); // each share rounded to the cent: .075 + .83 + .245 shows as .16
    expect(gap <= 10_000n && gap >= -10_000n).toBe(true);
  });

  it('shows the season 2 pool as 90M plus its 20% of the forfeit, to the whole token', () => {
    expect(Math.round(90_000_000 + seasonOne.forfeitSplitShown.seasonTwo)).toBe(seasonTwo.poolShown);
  });

  it('lasts one season length from block 912,690 to 921,330', () => {
    expect(seasonTwo.endBlock - seasonTwo.startBlock).toBe(seasonLengthBlocks);
  });

  it('derives about 259.4M distributable from the adjusted season 1 and nominal season 2 and 3 pools', () => {
    const distributable = toMicro(seasonOne.adjustedPool) + toMicro(90_000_000) + toMicro(100_000_000);
    expect(distributable).toBe(toMicro('259412725.85'));
    expect(Math.abs(259_412_725.85 - actualDistributableApprox)).toBeLessThan(50_000);
  });
});
