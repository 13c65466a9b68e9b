import { type Static, Type } from 'typebox';

export const leaderboardPageSize = 10;
export const maxLeaderboardPageSize = 50;
export const maxLeaderboardOffset = 1_000_000;

export const LeaderboardQuerySchema = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: maxLeaderboardPageSize, default: leaderboardPageSize }),
    offset: Type.Integer({ minimum: 0, maximum: maxLeaderboardOffset, default: 0 }),
  },
  { additionalProperties: false },
);

/**
 * One miner. Ranks are standard competition ranks by points (1, 2, 2, 4); within a tie the miner
 * whose last claim came first is listed first, then the older account.
 */
export const LeaderboardEntrySchema = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  /** First 8 and last 8 characters around an ellipsis: the full address is never sent. */
  wallet: Type.String(),
  /** The linked X handle, without '@'. */
  xHandle: Type.Union([Type.String(), Type.Null()]),
  points: Type.Integer(),
  /** Claimed posts (tweets and memes). */
  posts: Type.Integer(),
  /** This row is the caller's own. */
  isViewer: Type.Boolean(),
});

export const LeaderboardViewerSchema = Type.Object({
  /** Null while the caller is not ranked (no points yet, or blocked). */
  rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  points: Type.Integer(),
  posts: Type.Integer(),
});
export type LeaderboardViewer = Static<typeof LeaderboardViewerSchema>;

export const LeaderboardResponseSchema = Type.Object({
  entries: Type.Array(LeaderboardEntrySchema),
  /** Every ranked miner; more pages exist while offset + entries.length < total. */
  total: Type.Integer(),
  /** The caller's own standing; null without a session. */
  viewer: Type.Union([LeaderboardViewerSchema, Type.Null()]),
});
export type LeaderboardResponse = Static<typeof LeaderboardResponseSchema>;
