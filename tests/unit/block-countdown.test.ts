import { describe, expect, it } from 'vitest';
import {
  approxTimeForBlocks,
  bonusCountdown,
  hasSeasonTwoEnded,
  seasonTwoBlocksRemaining,
  seasonTwoProgress,
} from '@shared/block-countdown.js';

describe('bonusCountdown', () => {
  it('counts one block remaining the block before the target', () => {
    expect(bonusCountdown(917_010, 917_009)).toEqual({
      targetBlock: 917_010,
      blocksRemaining: 1,
      isDistributed: false,
    });
  });

  it('is distributed at the target block', () => {
    expect(bonusCountdown(917_010, 917_010)).toEqual({
      targetBlock: 917_010,
      blocksRemaining: 0,
      isDistributed: true,
    });
  });

  it('stays distributed past the target and never counts below zero', () => {
    expect(bonusCountdown(917_010, 917_011)).toEqual({
      targetBlock: 917_010,
      blocksRemaining: 0,
      isDistributed: true,
    });
  });
});

describe('approxTimeForBlocks', () => {
  it('reckons ten minutes a block', () => {
    expect(approxTimeForBlocks(4_320)).toEqual({ days: 30, hours: 0, minutes: 0 });
    expect(approxTimeForBlocks(151)).toEqual({ days: 1, hours: 1, minutes: 10 });
    expect(approxTimeForBlocks(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('treats a negative count as no time left', () => {
    expect(approxTimeForBlocks(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

describe('season 2', () => {
  it('has one block left at 921,329', () => {
    expect(seasonTwoBlocksRemaining(921_329)).toBe(1);
    expect(hasSeasonTwoEnded(921_329)).toBe(false);
  });

  it('has ended at 921,330 and after, with 0 blocks remaining', () => {
    expect(seasonTwoBlocksRemaining(921_330)).toBe(0);
    expect(seasonTwoBlocksRemaining(921_331)).toBe(0);
    expect(hasSeasonTwoEnded(921_330)).toBe(true);
    expect(hasSeasonTwoEnded(921_331)).toBe(true);
  });

  it('reports progress from 0 at its start block to 1 at its end, clamped outside', () => {
    expect(seasonTwoProgress(900_000)).toBe(0);
    expect(seasonTwoProgress(912_690)).toBe(0);
    expect(seasonTwoProgress(917_010)).toBe(0.5);
    expect(seasonTwoProgress(921_330)).toBe(1);
    expect(seasonTwoProgress(930_000)).toBe(1);
  });
});
