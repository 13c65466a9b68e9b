/** Business limits and timings of SPEC section 9 that are not tokenomics. */
import { brand } from './brand.js';

/** Points per verified post; paid-tier verified accounts earn the higher figure. */
export const miningRewards = {
  tweetPoints: 100,
  memePoints: 50,
  verifiedTweetPoints: 150,
  verifiedMemePoints: 60,
} as const;

export const tweetCooldownHours = 3;
export const tweetCooldownMs = tweetCooldownHours * 60 * 60 * 1000;
export const tweetLength = { min: 100, max: 280 } as const;
export const memePromptMaxLength = 300;
/** "5MB" read as 5 MiB, the size file pickers and upload limits usually mean. */
export const maxImageBytes = 5 * 1024 * 1024;

export const allocationPageSize = 20;
export const defaultCollectionSize = brand.collectionSize;
export const defaultTemplateCount = 6;

export const pollingIntervalsMs = {
  stats: 30_000,
  cooldown: 60_000,
  collectionStats: 300_000,
  stakingStats: 21_600_000,
  blockHeightAllocation: 120_000,
  blockHeightHome: 60_000,
} as const;
