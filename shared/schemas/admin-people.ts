import { type Static, Type } from 'typebox';
import { DisputeSchema } from './disputes.js';

/** A wallet address (exact or its beginning) or an X handle, with or without its @. */
export const PeopleQuerySchema = Type.Object(
  { q: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);

/** The most matches a search answers. */
export const peopleMatchLimit = 20;

export const PersonMatchSchema = Type.Object({
  walletAddress: Type.String(),
  xHandle: Type.Union([Type.String(), Type.Null()]),
  points: Type.Integer(),
  blocked: Type.Boolean(),
});
export type PersonMatch = Static<typeof PersonMatchSchema>;

export const PeopleSearchResponseSchema = Type.Object({ people: Type.Array(PersonMatchSchema) });
export type PeopleSearchResponse = Static<typeof PeopleSearchResponseSchema>;

export const PersonClaimSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('tweet'), Type.Literal('meme')]),
  postUrl: Type.String(),
  points: Type.Integer(),
  createdAt: Type.String(),
});

/** An X account bound to the wallet: bound for good at its first link; `current` while it is the linked one. */
export const PersonXLinkSchema = Type.Object({
  xUserId: Type.String(),
  /** The handle while the account is linked; null once the wallet switched to another account. */
  handle: Type.Union([Type.String(), Type.Null()]),
  boundAt: Type.String(),
  current: Type.Boolean(),
});

/** A sign-in: never its cookie or hash. Ended once expired, or an address-only one after the wallet was protected. */
export const PersonSessionSchema = Type.Object({
  createdAt: Type.String(),
  lastSeenAt: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.String(),
  proven: Type.Boolean(),
  walletName: Type.Union([Type.String(), Type.Null()]),
  ended: Type.Boolean(),
});

export const PersonRecordSchema = Type.Object({
  walletAddress: Type.String(),
  joinedAt: Type.String(),
  lastLoginAt: Type.String(),
  blocked: Type.Boolean(),
  blockedAt: Type.Union([Type.String(), Type.Null()]),
  blockedReason: Type.Union([Type.String(), Type.Null()]),
  points: Type.Integer(),
  xAccount: Type.Union([Type.Object({ handle: Type.String(), isVerified: Type.Boolean() }), Type.Null()]),
  /** Newest first, the latest `personClaimsShown`. */
  claims: Type.Array(PersonClaimSchema),
  claimCount: Type.Integer(),
  /** Oldest first. */
  xLinks: Type.Array(PersonXLinkSchema),
  /** Newest first. */
  disputes: Type.Array(DisputeSchema),
  /** Newest first. */
  sessions: Type.Array(PersonSessionSchema),
});
export type PersonRecord = Static<typeof PersonRecordSchema>;

export const personClaimsShown = 50;

export const PersonRecordResponseSchema = Type.Object({ person: PersonRecordSchema });

/** The largest change one adjustment makes, either way. */
export const maxPointsAdjustment = 1_000_000;

export const AdjustPointsBodySchema = Type.Object(
  {
    /** Points to add (negative: to take away); never 0. */
    delta: Type.Integer({ minimum: -maxPointsAdjustment, maximum: maxPointsAdjustment }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);

export const AdjustPointsResponseSchema = Type.Object({
  walletAddress: Type.String(),
  before: Type.Integer(),
  points: Type.Integer(),
});
export type AdjustPointsResponse = Static<typeof AdjustPointsResponseSchema>;
