/**
 * The allocation categories the tokenomics names, exactly as allocation records spell them. The
 * allocation page reads meaning from these names (a 'Whale Bonus #N' is a release with a target
 * block), so an import accepts only these, plus names the operator adds explicitly.
 */
import { stakingSeasons } from './tokenomics.js';
import { whaleReleaseTargets } from './whale-bonus.js';

export const holderAirdropCategory = 'Holder Airdrop';
export const publicSaleCategory = 'Public Sale';
export const socialMiningCategory = 'Social Mining';

export const stakingSeasonCategory = (season: number) => `Staking Season ${season}`;
export const whaleBonusCategory = (release: number) => `Whale Bonus #${release}`;

export const knownAllocationCategories: readonly string[] = [
  holderAirdropCategory,
  ...stakingSeasons.map((season) => stakingSeasonCategory(season.season)),
  publicSaleCategory,
  socialMiningCategory,
  ...whaleReleaseTargets.map((target) => whaleBonusCategory(target.release)),
];
