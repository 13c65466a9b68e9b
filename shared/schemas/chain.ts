import { type Static, Type } from 'typebox';

export const TipHeightSchema = Type.Object({
  height: Type.Integer(),
  /** When the value was fetched upstream (epoch ms). */
  fetchedAt: Type.Integer(),
  /** True when upstream failed and the last good value is served. */
  stale: Type.Boolean(),
});
export type TipHeight = Static<typeof TipHeightSchema>;
