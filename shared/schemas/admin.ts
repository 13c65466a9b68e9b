import { type Static, Type } from 'typebox';
import { FoundAllocationSchema } from './allocation.js';
import { DisputeSchema, DisputeStatusSchema } from './disputes.js';

/** A reviewer answers disputes; an admin does that and everything else in the console. */
export const adminRoles = ['admin', 'reviewer'] as const;
export type AdminRole = (typeof adminRoles)[number];

export const AdminRoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('reviewer')]);

export const AdminMeResponseSchema = Type.Object({
  walletAddress: Type.String(),
  role: AdminRoleSchema,
});

/** Why an operator made a change; kept in the audit log. */
const ReasonSchema = Type.String({ minLength: 1, maxLength: 500 });

export const auditPageSize = 50;

const isoTime = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?)?$';

export const AuditQuerySchema = Type.Object(
  {
    action: Type.Optional(Type.String({ maxLength: 64 })),
    actor: Type.Optional(Type.String({ maxLength: 128 })),
    target: Type.Optional(Type.String({ maxLength: 128 })),
    /** ISO 8601 dates or times, inclusive. */
    from: Type.Optional(Type.String({ pattern: isoTime })),
    to: Type.Optional(Type.String({ pattern: isoTime })),
    /** Entries older than this id (the previous page's nextBefore). */
    before: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Integer({ minimum: 1, maximum: 200, default: auditPageSize }),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuerySchema>;

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.String(),
  actorRole: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  target: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** JSON text of the state before and after. */
  before: Type.Union([Type.String(), Type.Null()]),
  after: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** Newest first; `nextBefore` asks for the next page, null on the last. */
export const AuditListResponseSchema = Type.Object({
  entries: Type.Array(AuditEntrySchema),
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});

export const AdminDisputesQuerySchema = Type.Object(
  { status: Type.Optional(DisputeStatusSchema) },
  { additionalProperties: false },
);

/** A dispute as the queue shows it: with the holder's allocation in the live snapshot (null: none) beside the message. */
export const AdminDisputeSchema = Type.Object({
  ...DisputeSchema.properties,
  holderAllocation: Type.Union([FoundAllocationSchema, Type.Null()]),
});
export type AdminDispute = Static<typeof AdminDisputeSchema>;

export const AdminDisputesResponseSchema = Type.Object({ disputes: Type.Array(AdminDisputeSchema) });

export const DisputeIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const AnswerDisputeBodySchema = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: 4000 }), reason: Type.Optional(ReasonSchema) },
  { additionalProperties: false },
);

export const DisputeChangeBodySchema = Type.Object({ reason: Type.Optional(ReasonSchema) }, { additionalProperties: false });

export const AdminDisputeResponseSchema = Type.Object({ dispute: DisputeSchema });

export const WalletParamsSchema = Type.Object({ wallet: Type.String({ minLength: 1, maxLength: 128 }) });

export const BlockBodySchema = Type.Object({ reason: ReasonSchema }, { additionalProperties: false });

export const BlockResponseSchema = Type.Object({
  walletAddress: Type.String(),
  blocked: Type.Boolean(),
});

export const claimOutcomes = ['accepted', 'refused', 'revoked'] as const;
export type ClaimOutcome = (typeof claimOutcomes)[number];

/** Where the next page of claims starts: `<created ms>.<0 refusal | 1 claim>.<id>`, from the previous page's nextBefore. */
const ClaimsCursorSchema = Type.String({ pattern: '^\\d{1,16}\\.[01]\\.\\d{1,16}$', maxLength: 40 });

export const AdminClaimsQuerySchema = Type.Object(
  {
    kind: Type.Optional(Type.Union([Type.Literal('tweet'), Type.Literal('meme')])),
    /** accepted: standing claims; revoked: claims an operator took back; refused: attempts that earned nothing. None: all three. */
    outcome: Type.Optional(Type.Union([Type.Literal('accepted'), Type.Literal('refused'), Type.Literal('revoked')])),
    before: Type.Optional(ClaimsCursorSchema),
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  },
  { additionalProperties: false },
);

export const ReviewedClaimSchema = Type.Object({
  /** The claim's id (accepted, revoked), or the refused attempt's own id (refused). */
  id: Type.Integer(),
  outcome: Type.Union([Type.Literal('accepted'), Type.Literal('refused'), Type.Literal('revoked')]),
  walletAddress: Type.String(),
  kind: Type.Union([Type.Literal('tweet'), Type.Literal('meme')]),
  postUrl: Type.String(),
  /** The claim's points (still counted only while accepted); 0 for a refused attempt. */
  points: Type.Integer(),
  createdAt: Type.String(),
  /** A refused attempt: the error code the member was answered with; for a (near) copy, the similarity (0–1) and the earlier claim it matched. */
  refusal: Type.Union([
    Type.Object({
      code: Type.String(),
      score: Type.Union([Type.Number(), Type.Null()]),
      matchedClaimId: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** A revoked claim: when, and the operator's reason. */
  revocation: Type.Union([Type.Object({ at: Type.String(), reason: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
});
export type ReviewedClaim = Static<typeof ReviewedClaimSchema>;

/** Newest first; `nextBefore` asks for the next page, null on the last. */
export const AdminClaimsResponseSchema = Type.Object({
  claims: Type.Array(ReviewedClaimSchema),
  nextBefore: Type.Union([ClaimsCursorSchema, Type.Null()]),
});
export type AdminClaimsResponse = Static<typeof AdminClaimsResponseSchema>;

export const ClaimIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const ClaimChangeBodySchema = Type.Object({ reason: ReasonSchema }, { additionalProperties: false });

/** The claim after the change, and its member's points after it. */
export const ClaimChangeResponseSchema = Type.Object({ claim: ReviewedClaimSchema, memberPoints: Type.Integer() });
export type ClaimChangeResponse = Static<typeof ClaimChangeResponseSchema>;
