/**
 * Staking maths of SPEC section 9: score = NFTs x duration multiplier x tier multiplier, and season 1
 * tokens = score / 9,845.15 x 69,412,725.85. Multipliers have two decimals, so scores are exact in
 * ten-thousandths and token amounts are computed in micro-tokens.
 */
import { stakingTierMultiplier, toHundredths } from './holder-tiers.js';
import { fromMicro, mulDivRound, splitByPercents, toMicro } from './token-amount.js';
import { type LockMonths, type LockPeriod, lockPeriods, seasonOne } from './tokenomics.js';

export function lockPeriod(months: LockMonths): LockPeriod {
  const period = lockPeriods.find((candidate) => candidate.months === months);
  if (!period) throw new RangeError(`No lock period of ${months} months`);
  return period;
}

/** Season 1 multiplier for a lock of `months`: 0.5 for one month (penalised) up to 3.0 for twelve. */
export function durationMultiplier(months: LockMonths): number {
  return lockPeriod(months).seasonOneDurationMultiplier;
}

/** NFTs x duration x tier, e.g. 5 NFTs for 3 months: 5 x 1.5 x 1.2 = 9. */
export function stakingScore(nfts: number, months: LockMonths): number {
  const tenThousandths =
    BigInt(nfts) *
    toHundredths(durationMultiplier(months)) *
    toHundredths(stakingTierMultiplier(nfts));
  return Number(tenThousandths) / 10_000;
}

/** Season 1 tokens for a score, in micro-tokens, rounded half up to the micro-token. */
export function seasonOneTokensMicro(score: number | string): bigint {
  return mulDivRound(toMicro(score), toMicro(seasonOne.adjustedPool), toMicro(seasonOne.totalScore));
}

/** Season 1 tokens for a score: the whole season 1 score (9,845.15) earns the whole adjusted pool. */
export function seasonOneTokens(score: number | string): number {
  return fromMicro(seasonOneTokensMicro(score));
}

export interface SeasonOneForfeitSplit {
  treasury: bigint;
  seasonTwo: bigint;
  seasonThree: bigint;
}

/**
 * The season 1 forfeit split 50/20/30 exactly, in micro-tokens (5,293,637.075 / 2,117,454.83 /
 * 3,176,182.245). The spec shows these rounded to the cent (`seasonOne.forfeitSplitShown`).
 */
export function splitSeasonOneForfeit(): SeasonOneForfeitSplit {
  const { treasury, seasonTwo, seasonThree } = seasonOne.forfeitSplitPercents;
  const [toTreasury = 0n, toSeasonTwo = 0n, toSeasonThree = 0n] = splitByPercents(
    toMicro(seasonOne.forfeited),
    [treasury, seasonTwo, seasonThree],
  );
  return { treasury: toTreasury, seasonTwo: toSeasonTwo, seasonThree: toSeasonThree };
}

export interface StakingExample {
  nfts: number;
  months: LockMonths;
  lockBlocks: number;
  durationMultiplier: number;
  tierMultiplier: number;
  score: number;
  seasonOneTokens: number;
}

export function stakingExample(nfts: number, months: LockMonths): StakingExample {
  const score = stakingScore(nfts, months);
  return {
    nfts,
    months,
    lockBlocks: lockPeriod(months).blocks,
    durationMultiplier: durationMultiplier(months),
    tierMultiplier: stakingTierMultiplier(nfts),
    score,
    seasonOneTokens: seasonOneTokens(score),
  };
}

/** Worked examples for the tokenomics examples tab, one per staking tier. */
export const stakingExamples: readonly StakingExample[] = [
  stakingExample(1, 2),
  stakingExample(5, 3),
  stakingExample(10, 6),
  stakingExample(25, 12),
];
