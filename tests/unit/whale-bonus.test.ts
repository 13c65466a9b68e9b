import { describe, expect, it } from 'vitest';
import { sumMicro, toMicro } from '@shared/token-amount.js';
import {
  releasedOutcome,
  splitWhaleBonusMicro,
  summariseAllocation,
  whaleBonus,
  whaleBonusMicro,
  whaleBonusReleases,
  whaleBonusSchedule,
  whaleReleaseNumber,
  whaleReleaseTargets,
} from '@shared/whale-bonus.js';

describe('whaleBonus', () => {
  it('pays nothing to a single-NFT holder or an empty wallet', () => {
    expect(whaleBonus(1)).toBe(0);
    expect(whaleBonus(0)).toBe(0);
  });

  it('pays 34,123 x 10 x 1.5 = 511,845 for 10 NFTs', () => {
    expect(whaleBonus(10)).toBe(511_845);
  });

  it('computes tier multipliers without float error', () => {
    expect(34_123 * 3 * 1.1).not.toBe(112_605.9);
    expect(whaleBonus(3)).toBe(112_605.9);
    expect(whaleBonus(2)).toBe(75_070.6);
    expect(whaleBonus(5)).toBe(213_268.75);
    expect(whaleBonus(25)).toBe(1_706_150);
  });

  it('accepts another base, since the base is recalculated at TGE', () => {
    expect(whaleBonus(10, 37_205)).toBe(558_075);
    expect(whaleBonusMicro(2, '0.000001')).toBe(2n); // 2.2 micro-tokens rounds to 2
  });
});

describe('whale bonus releases', () => {
  it('targets blocks 917,010, 921,330 and 925,650 (912,690 plus 4,320, 8,640 and 12,960)', () => {
    expect(whaleReleaseTargets.map((target) => target.targetBlock)).toEqual([917_010, 921_330, 925_650]);
    expect(whaleReleaseTargets.map((target) => target.percent)).toEqual([20, 30, 50]);
  });

  it('splits a bonus 20/30/50 into releases that sum exactly back to it', () => {
    for (const nfts of [2, 3, 5, 7, 10, 13, 25, 99]) {
      const bonus = whaleBonusMicro(nfts);
      expect(sumMicro(splitWhaleBonusMicro(bonus))).toBe(bonus);
    }
    expect(splitWhaleBonusMicro(toMicro(75_070.6))).toEqual([
      toMicro('15014.12'),
      toMicro('22521.18'),
      toMicro('37535.3'),
    ]);
  });

  it('lets the last release absorb a remainder that does not divide by 100', () => {
    expect(splitWhaleBonusMicro(101n)).toEqual([20n, 30n, 51n]);
  });

  it('schedules the tokens of each release against its target block', () => {
    expect(whaleBonusSchedule(10).map(({ tokens, targetBlock }) => [tokens, targetBlock])).toEqual([
      [102_369, 917_010],
      [153_553.5, 921_330],
      [255_922.5, 925_650],
    ]);
  });
});

describe('whale bonus categories', () => {
  it('reads N from the #N of a whale bonus category, only for 1, 2 and 3', () => {
    expect(whaleReleaseNumber('Whale Bonus #2')).toBe(2);
    expect(whaleReleaseNumber('Whale Bonus Release # 3 (Curator)')).toBe(3);
    expect(whaleReleaseNumber('Whale Bonus #4')).toBeNull();
    expect(whaleReleaseNumber('Whale Bonus')).toBeNull();
    expect(whaleReleaseNumber('Holder Airdrop #1')).toBeNull();
  });

  it('sorts releases by #N and pairs each with its target block', () => {
    const releases = whaleBonusReleases([
      { category: 'Whale Bonus #3', tokens: 50 },
      { category: 'Holder Airdrop', tokens: 1_000 },
      { category: 'Whale Bonus #1', tokens: 20 },
      { category: 'Whale Bonus #2', tokens: 30 },
    ]);
    expect(releases.map(({ category, tokens, targetBlock }) => [category, tokens, targetBlock])).toEqual([
      ['Whale Bonus #1', 20, 917_010],
      ['Whale Bonus #2', 30, 921_330],
      ['Whale Bonus #3', 50, 925_650],
    ]);
  });

  it('summarises an allocation into TGE tokens, largest category first, and the future bonus', () => {
    const summary = summariseAllocation([
      { category: 'Whale Bonus #2', tokens: 22_521.18 },
      { category: 'Staking Season 1', tokens: 8_460.54 },
      { category: 'Holder Airdrop', tokens: 68_246 },
      { category: 'Whale Bonus #1', tokens: 15_014.12 },
      { category: 'Whale Bonus #3', tokens: 37_535.3 },
      { category: 'Social Mining', tokens: 0.1 },
    ]);
    expect(summary.whaleBonusTokens).toBe(75_070.6);
    expect(summary.tgeTokens).toBe(76_706.64);
    expect(summary.tgeCategories.map((entry) => entry.category)).toEqual([
      'Holder Airdrop',
      'Staking Season 1',
      'Social Mining',
    ]);
    expect(summary.whaleReleases.map((release) => release.release)).toEqual([1, 2, 3]);
  });
});

describe('a release past its block', () => {
  it("says 'Distributed!' as the spec does while no payout is recorded at all", () => {
    expect(releasedOutcome(false, undefined)).toBe('distributed');
    expect(releasedOutcome(false, 'not_sent')).toBe('distributed');
  });

  it('once payouts are recorded, is distributed only when its transfer is sent, in the mempool or confirmed', () => {
    for (const state of ['unchecked', 'unconfirmed', 'confirmed'] as const) expect(releasedOutcome(true, state)).toBe('distributed');
    for (const state of ['not_sent', 'dropped', 'not_found', 'wrong_address'] as const) expect(releasedOutcome(true, state)).toBe('not-sent');
    expect(releasedOutcome(true, undefined)).toBe('not-sent');
  });
});
