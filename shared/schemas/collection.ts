import { type Static, Type } from 'typebox';

/** The collection named in the URL of the collection and staking endpoints; only our own is served. */
export const CollectionParamsSchema = Type.Object({ collection: Type.String({ maxLength: 100 }) });

export const CollectionStatsSchema = Type.Object({
  data: Type.Object({
    name: Type.String(),
    symbol: Type.String(),
    totalSupply: Type.Integer(),
    /** Floor price in BTC; null when the marketplace has no listing. */
    floorPrice: Type.Union([Type.Number(), Type.Null()]),
  }),
  /** When the value was fetched upstream (epoch ms). */
  fetchedAt: Type.Integer(),
  /** True when upstream failed and the last good value is served. */
  stale: Type.Boolean(),
});
export type CollectionStats = Static<typeof CollectionStatsSchema>;
