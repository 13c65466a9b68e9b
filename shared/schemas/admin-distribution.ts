import { type Static, type TSchema, Type } from 'typebox';

/** Micro-tokens (1e-6 token) as a decimal string: exact beyond 2^53. */
const Micro = Type.String({ pattern: '^[0-9]+$' });
const IsoTime = Type.String();
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A (wallet, category)'s payout as the console shows it, in the section's order: nothing recorded, then
 * what the explorers say of its transaction, then the failures (`npm run payouts -- status` names the same).
 */
export const distributionStates = ['not_sent', 'unchecked', 'unconfirmed', 'confirmed', 'wrong_address', 'dropped', 'not_found'] as const;
export type DistributionState = (typeof distributionStates)[number];

/** The failures the operator looks into: no output to the wallet, gone from every explorer, never seen. */
export const problemReasons = ['wrong_address', 'dropped', 'not_found'] as const;

/** Problem payouts one answer lists (`problems.total` counts them all). */
export const problemPayoutLimit = 100;

const DistributionStateSchema = Type.Enum(distributionStates);
const ProblemReasonSchema = Type.Enum(problemReasons);

const DistributionCategorySchema = Type.Object({
  category: Type.String(),
  /** The category's wallets on the live allocation list, and their tokens. */
  wallets: Type.Integer(),
  tokensMicro: Micro,
  /** Every state but not sent, dropped and wrong address. */
  paid: Type.Object({ wallets: Type.Integer(), tokensMicro: Micro }),
  /** Every state, in `distributionStates`' order, zero where none. */
  states: Type.Array(Type.Object({ state: DistributionStateSchema, wallets: Type.Integer(), tokensMicro: Micro })),
});

const ProblemPayoutSchema = Type.Object({
  walletAddress: Type.String(),
  category: Type.String(),
  txid: Type.String(),
  /** The output the import named; null when any output may pay the wallet. */
  vout: Nullable(Type.Integer()),
  reason: ProblemReasonSchema,
  /** When its transaction was first recorded (ISO). */
  recordedAt: IsoTime,
  /** When an explorer first showed the transaction; null while none has. */
  firstSeenAt: Nullable(IsoTime),
  /** When an explorer last answered about it. */
  checkedAt: Nullable(IsoTime),
});

export const DistributionResponseSchema = Type.Object({
  /** Per category of the live allocation list, in the list's category order. */
  categories: Type.Array(DistributionCategorySchema),
  /** Every category together, counted in (wallet, category) pairs. */
  total: Type.Object({ pairs: Type.Integer(), tokensMicro: Micro, paid: Type.Object({ pairs: Type.Integer(), tokensMicro: Micro }) }),
  /** Transactions the recorded payouts name. */
  transactions: Type.Integer(),
  /** Payouts recorded for a (wallet, category) the live list no longer holds. */
  offList: Type.Integer(),
  /** Wrong address, dropped and not found, by wallet and category: the first `limit`, and how many in all. */
  problems: Type.Object({ payouts: Type.Array(ProblemPayoutSchema), total: Type.Integer(), limit: Type.Integer() }),
  check: Type.Object({
    /** When this server process's check last finished a run (ISO); null before its first, or while no payout needs one. */
    lastRunAt: Nullable(IsoTime),
    /** When an explorer last answered about a payout transaction, whichever process asked. */
    lastAnswerAt: Nullable(IsoTime),
    /** This process's explorer requests since it started, and those that failed. */
    requests: Type.Integer(),
    failedRequests: Type.Integer(),
  }),
});

export type DistributionCategory = Static<typeof DistributionCategorySchema>;
export type ProblemPayout = Static<typeof ProblemPayoutSchema>;
export type DistributionResponse = Static<typeof DistributionResponseSchema>;
