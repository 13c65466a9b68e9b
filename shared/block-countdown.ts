/** Countdowns against the Bitcoin chain tip (SPEC sections 2, 3 and 4). */
import { seasonTwo } from './season-two.js';

export interface BonusCountdown {
  targetBlock: number;
  /** Never negative. */
  blocksRemaining: number;
  /** True at or after the target block: the page shows 'Distributed!'. */
  isDistributed: boolean;
}

export function bonusCountdown(targetBlock: number, tipHeight: number): BonusCountdown {
  return {
    targetBlock,
    blocksRemaining: Math.max(0, targetBlock - tipHeight),
    isDistributed: tipHeight >= targetBlock,
  };
}

/** Bitcoin's target spacing; real blocks vary, so times derived from it are approximate. */
export const minutesPerBlock = 10;

export interface ApproxDuration {
  days: number;
  hours: number;
  minutes: number;
}

/** About how long `blocks` take to mine, as whole days, hours and minutes. */
export function approxTimeForBlocks(blocks: number, blockMinutes = minutesPerBlock): ApproxDuration {
  const totalMinutes = Math.max(0, Math.round(blocks * blockMinutes));
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/** Blocks until season 2 ends; 0 once it has (the home card then shows 'Season Ended'). */
export function seasonTwoBlocksRemaining(tipHeight: number): number {
  return Math.max(0, seasonTwo.endBlock - tipHeight);
}

export function hasSeasonTwoEnded(tipHeight: number): boolean {
  return seasonTwoBlocksRemaining(tipHeight) === 0;
}

/** Share of season 2 elapsed, from 0 before its start block to 1 at its end block: the progress bar. */
export function seasonTwoProgress(tipHeight: number): number {
  const length = seasonTwo.endBlock - seasonTwo.startBlock;
  return Math.min(1, Math.max(0, (tipHeight - seasonTwo.startBlock) / length));
}
