/**
 * Tiers by NFT count (SPEC sections 3 and 9). Holder tiers drive the whale bonus; staking tiers drive the
 * staking score. Multipliers are data in the spec's form; maths takes them as whole hundredths.
 */
export type HolderTierKey = 'holder' | 'collector' | 'curator' | 'whale' | 'kraken';

export interface HolderTier {
  key: HolderTierKey;
  minNfts: number;
  /** null: no upper bound. */
  maxNfts: number | null;
  /** null: the tier earns no whale bonus. */
  whaleBonusMultiplier: number | null;
}

export const holderTiers: readonly HolderTier[] = [
  { key: 'holder', minNfts: 1, maxNfts: 1, whaleBonusMultiplier: null },
  { key: 'collector', minNfts: 2, maxNfts: 4, whaleBonusMultiplier: 1.1 },
  { key: 'curator', minNfts: 5, maxNfts: 9, whaleBonusMultiplier: 1.25 },
  { key: 'whale', minNfts: 10, maxNfts: 24, whaleBonusMultiplier: 1.5 },
  { key: 'kraken', minNfts: 25, maxNfts: null, whaleBonusMultiplier: 2 },
];

export interface StakingTier {
  minNfts: number;
  maxNfts: number | null;
  multiplier: number;
}

export const stakingTiers: readonly StakingTier[] = [
  { minNfts: 1, maxNfts: 4, multiplier: 1 },
  { minNfts: 5, maxNfts: 9, multiplier: 1.2 },
  { minNfts: 10, maxNfts: 24, multiplier: 1.5 },
  { minNfts: 25, maxNfts: null, multiplier: 2 },
];

function inRange(nfts: number, tier: { minNfts: number; maxNfts: number | null }): boolean {
  return nfts >= tier.minNfts && (tier.maxNfts === null || nfts <= tier.maxNfts);
}

function assertNftCount(nfts: number): void {
  if (!Number.isInteger(nfts) || nfts < 0) throw new RangeError(`Not an NFT count: ${nfts}`);
}

/** The tier for a holder of `nfts`; null for 0. */
export function holderTier(nfts: number): HolderTier | null {
  assertNftCount(nfts);
  return holderTiers.find((tier) => inRange(nfts, tier)) ?? null;
}

/** The whale bonus multiplier for `nfts` held; null when there is no bonus (0 or 1 NFT). */
export function whaleBonusMultiplier(nfts: number): number | null {
  return holderTier(nfts)?.whaleBonusMultiplier ?? null;
}

/** The staking tier multiplier for `nfts` staked; 0 when nothing is staked. */
export function stakingTierMultiplier(nfts: number): number {
  assertNftCount(nfts);
  return stakingTiers.find((tier) => inRange(nfts, tier))?.multiplier ?? 0;
}

/** 1.1 -> 110: multipliers have at most two decimals, so this is exact. */
export function toHundredths(multiplier: number): bigint {
  return BigInt(Math.round(multiplier * 100));
}
