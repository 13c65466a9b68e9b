import { type Static, Type } from 'typebox';

export const TipHeightSchema = Type.Object({
  height: Type.Integer(),
  /** When the value was fetched upstream (epoch ms). */
  fetchedAt: Type.Integer(),
  /** True when upstream failed and the last good value is served. */
  stale: Type.Boolean(),
});
export type TipHeight = Static<typeof TipHeightSchema>;

export const CollectionParamsSchema = Type.Object({ collection: Type.String({ maxLength: 100 }) });

export const CollectionStatsSchema = Type.Object({
  data: Type.Object({
    name: Type.String(),
    symbol: Type.String(),
    totalSupply: Type.Integer(),
    /** Floor price in BTC; null when the marketplace has no listing. */
    floorPrice: Type.Union([Type.Number(), Type.Null()]),
  }),
  fetchedAt: Type.Integer(),
  stale: Type.Boolean(),
});
export type CollectionStats = Static<typeof CollectionStatsSchema>;

export const StakingStatsSchema = Type.Object({
  data: Type.Object({ percentLocked: Type.Number(), lockedCount: Type.Integer() }),
  fetchedAt: Type.Integer(),
  stale: Type.Boolean(),
});
export type StakingStats = Static<typeof StakingStatsSchema>;
