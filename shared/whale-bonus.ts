/**
 * Whale bonus (SPEC sections 3, 4 and 9): base x NFTs x tier multiplier for 2+ NFTs, vesting in three
 * releases. Amounts are computed in micro-tokens so releases add back to the bonus exactly.
 */
import { toHundredths, whaleBonusMultiplier } from './holder-tiers.js';
import { type PayoutState, sentPayoutStates } from './payout-states.js';
import { fromMicro, splitByPercents, sumMicro, toMicro } from './token-amount.js';
import { baseAirdropPerNft } from './tokenomics.js';

export type WhaleReleaseNumber = 1 | 2 | 3;

export interface WhaleReleaseTarget {
  release: WhaleReleaseNumber;
  percent: number;
  blocksAfterTge: number;
  targetBlock: number;
}

/**
 * The spec does not show the TGE block height, but gives the release targets as 912,690 plus the
 * offsets (912,690 is also where season 2 starts), so that block stands in for TGE here.
 */
export const whaleBonusTgeBlock = 912_690;

export const whaleReleaseTargets: readonly WhaleReleaseTarget[] = [
  { release: 1, percent: 20, blocksAfterTge: 4_320, targetBlock: whaleBonusTgeBlock + 4_320 },
  { release: 2, percent: 30, blocksAfterTge: 8_640, targetBlock: whaleBonusTgeBlock + 8_640 },
  { release: 3, percent: 50, blocksAfterTge: 12_960, targetBlock: whaleBonusTgeBlock + 12_960 },
];

/** The bonus in micro-tokens; 0 for 0 or 1 NFT. `base` may be fractional (it is recalculated at TGE). */
export function whaleBonusMicro(nfts: number, base: number | string = baseAirdropPerNft): bigint {
  const multiplier = whaleBonusMultiplier(nfts);
  if (multiplier === null) return 0n;
  // base x NFTs x (hundredths / 100): divisible whenever base has at most 4 decimals; otherwise rounded.
  const hundredthsOfMicro = toMicro(base) * BigInt(nfts) * toHundredths(multiplier);
  return (hundredthsOfMicro + 50n) / 100n;
}

/** The bonus in tokens, e.g. 10 NFTs at 34,123: 34,123 x 10 x 1.5 = 511,845. */
export function whaleBonus(nfts: number, base: number | string = baseAirdropPerNft): number {
  return fromMicro(whaleBonusMicro(nfts, base));
}

/** 20% / 30% / 50% of a bonus; the last release takes any remainder so the three sum to the bonus. */
export function splitWhaleBonusMicro(bonusMicro: bigint): bigint[] {
  return splitByPercents(
    bonusMicro,
    whaleReleaseTargets.map((target) => target.percent),
  );
}

export interface WhaleReleaseAmount extends WhaleReleaseTarget {
  micro: bigint;
  tokens: number;
}

/** The release schedule of the bonus for `nfts` held: what is paid, and at which block. */
export function whaleBonusSchedule(
  nfts: number,
  base: number | string = baseAirdropPerNft,
): WhaleReleaseAmount[] {
  const shares = splitWhaleBonusMicro(whaleBonusMicro(nfts, base));
  return whaleReleaseTargets.map((target, index) => {
    const micro = shares[index] ?? 0n;
    return { ...target, micro, tokens: fromMicro(micro) };
  });
}

export interface AllocationCategory {
  category: string;
  tokens: number;
}

export interface WhaleReleaseCategory extends AllocationCategory, WhaleReleaseTarget {}

export function isWhaleBonusCategory(category: string): boolean {
  return category.includes('Whale Bonus');
}

/** The N of '#N' in a whale bonus category name, when it is 1, 2 or 3. */
export function whaleReleaseNumber(category: string): WhaleReleaseNumber | null {
  if (!isWhaleBonusCategory(category)) return null;
  const digits = /#\s*(\d+)/.exec(category)?.[1];
  const release = digits === undefined ? NaN : Number(digits);
  return release === 1 || release === 2 || release === 3 ? release : null;
}

/**
 * The whale bonus categories of an allocation, sorted by '#N' and paired with their target block.
 * Categories without a usable '#N' are left out of the schedule (they still count in `summariseAllocation`).
 */
export function whaleBonusReleases(
  categories: readonly AllocationCategory[],
): WhaleReleaseCategory[] {
  return categories
    .flatMap((entry) => {
      const release = whaleReleaseNumber(entry.category);
      const target = whaleReleaseTargets.find((candidate) => candidate.release === release);
      return target ? [{ ...target, category: entry.category, tokens: entry.tokens }] : [];
    })
    .sort((a, b) => a.release - b.release);
}

export interface AllocationSummary {
  /** Total minus every whale bonus category: what was airdropped at TGE. */
  tgeTokens: number;
  /** Potential future whale bonus: every category whose name contains 'Whale Bonus'. */
  whaleBonusTokens: number;
  /** The non-bonus categories, largest first. */
  tgeCategories: AllocationCategory[];
  whaleReleases: WhaleReleaseCategory[];
}

/** What the allocation result panel shows, from the lookup's categories. */
export function summariseAllocation(categories: readonly AllocationCategory[]): AllocationSummary {
  const tge = categories.filter((entry) => !isWhaleBonusCategory(entry.category));
  const bonus = categories.filter((entry) => isWhaleBonusCategory(entry.category));
  const total = (entries: readonly AllocationCategory[]) =>
    fromMicro(sumMicro(entries.map((entry) => toMicro(entry.tokens))));
  return {
    tgeTokens: total(tge),
    whaleBonusTokens: total(bonus),
    tgeCategories: [...tge].sort((a, b) => b.tokens - a.tokens),
    whaleReleases: whaleBonusReleases(categories),
  };
}

/**
 * What a release at or past its target block says. Until any payout is recorded the spec's 'Distributed!'
 * stands; once payouts are recorded, only a release whose transfer is sent (`sentPayoutStates`) is
 * distributed, and any other is released but not sent yet.
 */
export function releasedOutcome(payoutsRecorded: boolean, payout: PayoutState | undefined): 'distributed' | 'not-sent' {
  if (!payoutsRecorded) return 'distributed';
  return payout !== undefined && sentPayoutStates.includes(payout) ? 'distributed' : 'not-sent';
}
