import { type Static, Type } from 'typebox';

const optionalText = Type.Optional(Type.Union([Type.String(), Type.Null()]));

/**
 * Lengths, the category and the amount's format are checked by the service (shared/dispute-rules.ts), so each
 * failure gets its own code rather than one VALIDATION_ERROR.
 */
export const CreateDisputeBodySchema = Type.Object(
  {
    /** One of the categories of the holder's allocation (GET /mine lists them), 'other', or none. */
    category: optionalText,
    /** Tokens as decimal text, such as '1500.25'. */
    expectedAmount: optionalText,
    message: Type.String(),
    /** Such as a transaction id. */
    reference: optionalText,
  },
  { additionalProperties: false },
);
export type CreateDisputeBody = Static<typeof CreateDisputeBodySchema>;

/** As shared/dispute-rules.ts disputeStatuses. */
export const DisputeStatusSchema = Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('resolved')]);

export const DisputeSchema = Type.Object({
  id: Type.Integer(),
  walletAddress: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  /** Tokens, as a JSON number. */
  expectedAmount: Type.Union([Type.Number(), Type.Null()]),
  message: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  status: DisputeStatusSchema,
  /** The operator's answer; null until answered. */
  answer: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
  resolvedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Dispute = Static<typeof DisputeSchema>;

export const DisputeResponseSchema = Type.Object({ dispute: DisputeSchema });
export type DisputeResponse = Static<typeof DisputeResponseSchema>;

/** The caller's own disputes, newest first, and the categories a new one may name besides 'other'. */
export const DisputeListResponseSchema = Type.Object({
  disputes: Type.Array(DisputeSchema),
  /** The categories of the caller's allocation in the live snapshot, sorted; empty for a wallet without one. */
  categories: Type.Array(Type.String()),
});
export type DisputeListResponse = Static<typeof DisputeListResponseSchema>;
