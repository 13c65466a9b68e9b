import { type Static, Type } from 'typebox';

const optionalText = Type.Optional(Type.Union([Type.String(), Type.Null()]));

/**
 * Lengths and the amount's format are checked by the service (shared/dispute-rules.ts), so each
 * failure gets its own code rather than one VALIDATION_ERROR.
 */
export const CreateDisputeBodySchema = Type.Object(
  {
    /** A category from the allocation page, or the holder's own words. */
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

/** The caller's own disputes, newest first. */
export const DisputeListResponseSchema = Type.Object({ disputes: Type.Array(DisputeSchema) });
export type DisputeListResponse = Static<typeof DisputeListResponseSchema>;
