import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { brand } from '../../../shared/brand.js';
import { mulDivRound } from '../../../shared/token-amount.js';
import { writeSetting } from '../settings/settings.repository.js';

export const stakingStatsKey = 'staking_stats';

export interface StakingStats {
  lockedCount: number;
}

/** The locked count as typed, or why it is refused: a whole number from 0 to the collection size. */
export function parseLockedCount(raw: string): { ok: true; value: number } | { ok: false; problem: string } {
  const text = raw.trim();
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > brand.collectionSize) {
    return { ok: false, problem: `--locked must be a whole number from 0 to ${brand.collectionSize} (got "${raw}")` };
  }
  return { ok: true, value };
}

/** Percent of the collection locked, to 2 decimals (half up), as text: 1710 -> '50.00'. */
export function percentLocked(lockedCount: number): string {
  const hundredths = mulDivRound(BigInt(lockedCount), 10_000n, BigInt(brand.collectionSize));
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** Stores the staking figures read by the staking stats endpoint (when no STAKING_STATS_URL is set). */
export async function setStakingLocked(
  db: Kysely<Database>,
  lockedCount: number,
): Promise<{ lockedCount: number; collectionSize: number; percentLocked: string }> {
  if (!Number.isInteger(lockedCount) || lockedCount < 0 || lockedCount > brand.collectionSize) {
    throw new RangeError(`lockedCount must be a whole number from 0 to ${brand.collectionSize}`);
  }
  const stats: StakingStats = { lockedCount };
  await writeSetting(db, stakingStatsKey, stats);
  return { lockedCount, collectionSize: brand.collectionSize, percentLocked: percentLocked(lockedCount) };
}
