/**
 * Tokenomics facts of SPEC sections 1 and 9, as data for the tokenomics, allocation and home pages.
 * Where the source text gives two figures, this holds the one decided in docs/decisions.md.
 * Amounts are whole tokens (JSON numbers); maths on them goes through `token-amount.ts`.
 */
export const totalSupply = 1_000_000_000;

export type DistributionKey =
  | 'holderAirdrop'
  | 'stakingRewards'
  | 'treasury'
  | 'publicSale'
  | 'liquidity'
  | 'nextTokenStandard'
  | 'futureIncentives'
  | 'socialMining';

export interface DistributionItem {
  key: DistributionKey;
  percent: number;
  tokens: number;
}

/** Section 1 distribution, in the spec's order. Future incentives is 4% (40M), which brings the total to 100%. */
export const distribution: readonly DistributionItem[] = [
  { key: 'holderAirdrop', percent: 28, tokens: 280_000_000 },
  { key: 'stakingRewards', percent: 27, tokens: 270_000_000 },
  { key: 'treasury', percent: 15, tokens: 150_000_000 },
  { key: 'publicSale', percent: 10, tokens: 100_000_000 },
  { key: 'liquidity', percent: 10, tokens: 100_000_000 },
  { key: 'nextTokenStandard', percent: 5, tokens: 50_000_000 },
  { key: 'futureIncentives', percent: 4, tokens: 40_000_000 },
  { key: 'socialMining', percent: 1, tokens: 10_000_000 },
];

export const socialMining = {
  percent: 1,
  tokens: 10_000_000,
  /** The pool before it was cut to 10M. */
  originalTokens: 100_000_000,
  participationTokens: 5_000_000,
  holdingTokens: 5_000_000,
  registeredUsers: 16_241,
  legitimateUsers: 2_879,
} as const;

/** Paid at once from the treasury. */
export const oneOfOneBonus = {
  holders: 5,
  tokensEach: 69_420,
  totalTokens: 347_100,
  immediate: true,
  paidFrom: 'treasury',
} as const;

export const treasuryItems = {
  partnership: 25_000_000,
  artifactHolders: 10_000_000,
  airdropEvent: 1_500_000,
} as const;

export const publicSale = {
  tokens: 100_000_000,
  pledgingHours: 72,
  singleFinalPrice: true,
  refunds: false,
  proceedsToLiquidityPercent: 100,
  /** The spec gives no currency for the ceiling. */
  marketCapCeiling: 15_000_000,
  hardCapBtcApprox: 12.5,
  raisedUsdApprox: 1_500_000,
} as const;

/** Base holder airdrop per NFT, recalculated at TGE. */
export const baseAirdropPerNft = 34_123;

/** Bitcoin blocks: 4,320 is about a month at ten minutes a block. */
export const seasonLengthBlocks = 8_640;

export type LockMonths = 1 | 2 | 3 | 6 | 12;

export interface LockPeriod {
  months: LockMonths;
  blocks: number;
  seasonOneDurationMultiplier: number;
  /** One month earns less than one: the spec calls it penalised. */
  penalised: boolean;
}

export const lockPeriods: readonly LockPeriod[] = [
  { months: 1, blocks: 4_320, seasonOneDurationMultiplier: 0.5, penalised: true },
  { months: 2, blocks: 8_640, seasonOneDurationMultiplier: 1.2, penalised: false },
  { months: 3, blocks: 12_960, seasonOneDurationMultiplier: 1.5, penalised: false },
  { months: 6, blocks: 25_920, seasonOneDurationMultiplier: 2.0, penalised: false },
  { months: 12, blocks: 52_560, seasonOneDurationMultiplier: 3.0, penalised: false },
];

export interface StakingSeason {
  season: 1 | 2 | 3;
  nominalPool: number;
  /** Blocks after TGE when the season's rewards are paid; 0 means immediately. */
  rewardsAfterTgeBlocks: number;
}

/** The three nominal pools add up to the 270M staking allocation. */
export const stakingSeasons: readonly StakingSeason[] = [
  { season: 1, nominalPool: 80_000_000, rewardsAfterTgeBlocks: 0 },
  { season: 2, nominalPool: 90_000_000, rewardsAfterTgeBlocks: 8_640 },
  { season: 3, nominalPool: 100_000_000, rewardsAfterTgeBlocks: 17_280 },
];

/**
 * Season 1 after forfeits: 69,412,725.85 + 10,587,274.15 = 80,000,000. The shown split is each share
 * rounded to the cent, so it adds to 10,587,274.16; `splitSeasonOneForfeit` in staking.ts is exact.
 */
export const seasonOne = {
  totalScore: 9_845.15,
  adjustedPool: 69_412_725.85,
  forfeited: 10_587_274.15,
  forfeitSplitPercents: { treasury: 50, seasonTwo: 20, seasonThree: 30 },
  forfeitSplitShown: { treasury: 5_293_637.08, seasonTwo: 2_117_454.83, seasonThree: 3_176_182.25 },
} as const;

// Its own module so the home page's season card and countdown load it without the whole table.
export { seasonTwo } from './season-two.js';

/** About 259.4M: the adjusted season 1 pool plus the nominal season 2 and 3 pools (259,412,725.85). */
export const actualDistributableApprox = 259_400_000;
