import { describe, expect, it } from 'vitest';
import {
  allocationPageSize,
  defaultCollectionSize,
  defaultTemplateCount,
  maxImageBytes,
  memePromptMaxLength,
  miningRewards,
  pollingIntervalsMs,
  tweetCooldownMs,
  tweetLength,
} from '@shared/app-limits.js';

describe('app limits', () => {
  it('rewards verified accounts 50 more per tweet and 10 more per meme', () => {
    expect(miningRewards.verifiedTweetPoints - miningRewards.tweetPoints).toBe(50);
    expect(miningRewards.verifiedMemePoints - miningRewards.memePoints).toBe(10);
  });

  it('holds the section 9 limits', () => {
    expect(tweetCooldownMs).toBe(3 * 3_600_000);
    expect(tweetLength).toEqual({ min: 100, max: 280 });
    expect(memePromptMaxLength).toBe(300);
    expect(maxImageBytes).toBe(5 * 1024 * 1024);
    expect(allocationPageSize).toBe(20);
    expect(defaultCollectionSize).toBe(3420);
    expect(defaultTemplateCount).toBe(6);
  });

  it('polls at the spec intervals: 30 s, 60 s, 5 min, 6 h, 2 min and 1 min', () => {
    expect(pollingIntervalsMs).toEqual({
      stats: 30_000,
      cooldown: 60_000,
      collectionStats: 5 * 60_000,
      stakingStats: 6 * 3_600_000,
      blockHeightAllocation: 2 * 60_000,
      blockHeightHome: 60_000,
    });
  });
});
