import type { DistributionKey } from '@shared/tokenomics';

/** One colour per allocation, shared by the chart and the table's swatches so the table is its legend. */
export const distributionColours: Record<DistributionKey, string> = {
  holderAirdrop: '#f7931a',
  stakingRewards: '#ffc266',
  treasury: '#b8570f',
  publicSale: '#f3e3c6',
  liquidity: '#7f8aa0',
  nextTokenStandard: '#4f9a94',
  futureIncentives: '#c7cdd8',
  socialMining: '#e4572e',
};
