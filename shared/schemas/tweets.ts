import { type Static, Type } from 'typebox';
import { GenerationLanguageSchema } from './language.js';

export const maxTweetPromptLength = 500;

export const GenerateTweetBodySchema = Type.Object(
  {
    prompt: Type.String({ maxLength: maxTweetPromptLength }),
    userId: Type.Integer({ minimum: 1 }),
    /** The tweet's language; English when absent. */
    language: Type.Optional(GenerationLanguageSchema),
  },
  { additionalProperties: false },
);
export type GenerateTweetBody = Static<typeof GenerateTweetBodySchema>;

export const GenerateTweetResponseSchema = Type.Object({ tweetText: Type.String() });
export type GenerateTweetResponse = Static<typeof GenerateTweetResponseSchema>;

export const PostTweetBodySchema = Type.Object(
  {
    userId: Type.Integer({ minimum: 1 }),
    tweetText: Type.String({ maxLength: 2000 }),
    isCustom: Type.Boolean(),
    actualTweetUrl: Type.String({ maxLength: 500 }),
    /** When the compose tab was opened (ms since epoch); the post must be newer. */
    postingStartTime: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type PostTweetBody = Static<typeof PostTweetBodySchema>;

export const PostTweetResponseSchema = Type.Object({
  ok: Type.Literal(true),
  pointsEarned: Type.Integer(),
  totalAcornMined: Type.Integer(),
});
export type PostTweetResponse = Static<typeof PostTweetResponseSchema>;

export const CooldownQuerySchema = Type.Object({ userId: Type.Integer({ minimum: 1 }) });

export const CooldownSchema = Type.Object({
  onCooldown: Type.Boolean(),
  remainingHours: Type.Integer(),
  remainingMinutes: Type.Integer(),
});
export type Cooldown = Static<typeof CooldownSchema>;

/** The claimed-tweets list shows the newest page first, then "Show more" asks for the next. */
export const claimedTweetsPageSize = 5;
export const maxClaimedTweetsPageSize = 50;

export const UserTweetsQuerySchema = Type.Object({
  wallet: Type.String({ minLength: 1, maxLength: 200 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxClaimedTweetsPageSize, default: claimedTweetsPageSize })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});

export const UserTweetSchema = Type.Object({
  id: Type.Integer(),
  tweetId: Type.String(),
  tweetUrl: Type.String(),
  tweetText: Type.String(),
  isCustom: Type.Boolean(),
  points: Type.Integer(),
  /** ISO 8601 date. */
  createdAt: Type.String(),
});

export const UserTweetsResponseSchema = Type.Object({
  /** One page, newest first. */
  tweets: Type.Array(UserTweetSchema),
  /** Every claim of the user; more pages exist while offset + tweets.length < total. */
  total: Type.Integer(),
});
export type UserTweetsResponse = Static<typeof UserTweetsResponseSchema>;

/**
 * 429 answer of a claim: during the cooldown (TWEET_COOLDOWN_ACTIVE) the error body plus the time left;
 * past the claim rate limit (RATE_LIMITED) the seconds to wait, as its Retry-After header says.
 */
export const CooldownErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  remainingHours: Type.Optional(Type.Integer()),
  remainingMinutes: Type.Optional(Type.Integer()),
  retryAfterSeconds: Type.Optional(Type.Integer()),
});
