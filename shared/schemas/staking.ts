import { type Static, Type } from 'typebox';
import { unavailableStateSchema } from './upstream.js';

export const StakingStatsSchema = Type.Object({
  /** percentLocked: percent of the collection locked, 2 decimals (50 for 1,710 of 3,420). */
  data: Type.Object({ percentLocked: Type.Number(), lockedCount: Type.Integer() }),
  /** When the figure was fetched upstream or set by the CLI (epoch ms). */
  fetchedAt: Type.Integer(),
  /** True when upstream failed and the last good value is served. */
  stale: Type.Boolean(),
});
export type StakingStats = Static<typeof StakingStatsSchema>;

/** What `?onUnavailable=state` answers when no staking figure is set (neither STAKING_STATS_URL nor `npm run set-staking`). */
export const StakingNotSetSchema = unavailableStateSchema('STAKING_STATS_UNAVAILABLE');
