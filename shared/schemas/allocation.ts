import { type Static, Type } from 'typebox';
import { allocationPageSize } from '../app-limits.js';
import { payoutStates } from '../payout-states.js';

export const LookupBodySchema = Type.Object(
  { walletAddress: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type LookupBody = Static<typeof LookupBodySchema>;

export const AllocationCategorySchema = Type.Object({ category: Type.String(), tokens: Type.Number() });
export type AllocationCategory = Static<typeof AllocationCategorySchema>;

export const PayoutStateSchema = Type.Enum(payoutStates, {
  description:
    'not_sent: no transfer recorded; unchecked: recorded, no block explorer has shown it yet; unconfirmed: in the mempool; ' +
    'confirmed: in a block; dropped: seen, then known to no explorer; not_found: never seen by an explorer; ' +
    'wrong_address: the transaction has no output paying this wallet',
});

/** The transfer that paid a (wallet, category), as the block explorers last showed it. */
export const CategoryPayoutSchema = Type.Object({
  state: PayoutStateSchema,
  /** The transaction recorded for the pair (64 lower-case hex characters); null when none is. */
  txid: Type.Union([Type.String({ pattern: '^[0-9a-f]{64}$' }), Type.Null()]),
  /** While confirmed: the block that holds it. */
  blockHeight: Type.Union([Type.Integer(), Type.Null()]),
  /** The chain tip minus the block, plus one, while confirmed and the tip is known; else null. */
  confirmations: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /**
   * When an explorer last answered about the transaction (ISO 8601); null while none has. While every
   * explorer is down the last known state is kept, with this time.
   */
  checkedAt: Type.Union([Type.String(), Type.Null()]),
});
export type CategoryPayout = Static<typeof CategoryPayoutSchema>;

/** A category of a found wallet: its tokens and the transfer that paid them. */
export const FoundCategorySchema = Type.Object({ category: Type.String(), tokens: Type.Number(), payout: CategoryPayoutSchema });

export const FoundAllocationSchema = Type.Object({
  walletAddress: Type.String(),
  totalTokens: Type.Number(),
  recordCount: Type.Integer(),
  /** Sorted by tokens, largest first. */
  categories: Type.Array(FoundCategorySchema),
  /** The block height the wallet's figures are "as of" (its latest import snapshot); null when unknown. */
  asOfBlock: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether any payout is recorded for the list at all (any wallet): until then no category has been sent. */
  payoutsRecorded: Type.Boolean(),
});
export type FoundAllocation = Static<typeof FoundAllocationSchema>;

export const LookupResultSchema = Type.Union([
  Type.Object({ success: Type.Literal(true), allocation: FoundAllocationSchema }),
  Type.Object({ success: Type.Literal(false) }),
]);
export type LookupResult = Static<typeof LookupResultSchema>;

export const emptyLookupMessage = 'Please enter a wallet address';

/** The most addresses one lookup-many request may name (each counts against the visitor's lookup limit). */
export const maxLookupAddresses = 20;
/** The single lookup's own limit on an address's length. */
export const maxWalletAddressLength = 200;

export const LookupManyBodySchema = Type.Object(
  {
    /** 1 to 20 entries. An entry that is not a string, is empty after trimming or is too long is answered as malformed at its position. */
    walletAddresses: Type.Array(Type.Unknown()),
  },
  { additionalProperties: false },
);

export type LookupManyBody = Static<typeof LookupManyBodySchema>;

export const LookupManyEntrySchema = Type.Union([
  Type.Object({
    /** Where the entry stood in `walletAddresses`, from 0. */
    position: Type.Integer({ minimum: 0 }),
    status: Type.Literal('found'),
    walletAddress: Type.String(),
    allocation: FoundAllocationSchema,
  }),
  Type.Object({ position: Type.Integer({ minimum: 0 }), status: Type.Literal('not_found'), walletAddress: Type.String() }),
  Type.Object({
    position: Type.Integer({ minimum: 0 }),
    /** The same address as an earlier entry once normalised: answered and counted there only. */
    status: Type.Literal('duplicate'),
    walletAddress: Type.String(),
    duplicateOf: Type.Integer({ minimum: 0 }),
  }),
  Type.Object({
    position: Type.Integer({ minimum: 0 }),
    status: Type.Literal('malformed'),
    error: Type.Union([Type.Literal('EMPTY_WALLET'), Type.Literal('INVALID_WALLET_ENTRY')]),
    message: Type.String(),
  }),
]);
export type LookupManyEntry = Static<typeof LookupManyEntrySchema>;

export const LookupManyResultSchema = Type.Object({
  /** One per entry, in the order given. */
  results: Type.Array(LookupManyEntrySchema),
  /** The found addresses together: every category summed across them, largest first. */
  total: Type.Object({
    walletCount: Type.Integer({ minimum: 0 }),
    totalTokens: Type.Number(),
    recordCount: Type.Integer({ minimum: 0 }),
    categories: Type.Array(AllocationCategorySchema),
  }),
});
export type LookupManyResult = Static<typeof LookupManyResultSchema>;

/** A SHA-256 hash in lower-case hex (shared/merkle.ts, docs/verify-allocation.md). */
export const HashHexSchema = Type.String({ pattern: '^[0-9a-f]{64}$' });

export const AllocationRootSchema = Type.Object({
  /** The Merkle root over every allocation record; null while there are none. */
  root: Type.Union([HashHexSchema, Type.Null()]),
  leafCount: Type.Integer({ minimum: 0 }),
  /** The latest block height an import of the current records is "as of"; null when unknown. */
  asOfBlock: Type.Union([Type.Integer(), Type.Null()]),
});
export type AllocationRoot = Static<typeof AllocationRootSchema>;

export const AllocationProofQuerySchema = Type.Object(
  { wallet: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);

export const AllocationProofLeafSchema = Type.Object({
  category: Type.String(),
  /** Micro-tokens as a decimal integer: exactly the amount in the leaf text. */
  micro: Type.String({ pattern: '^[0-9]+$' }),
  tokens: Type.Number(),
  /** The text that is hashed: `wallet|category|micro`. */
  leaf: Type.String(),
  /** Sibling hashes from the leaf up to the root. */
  proof: Type.Array(HashHexSchema),
});
export type AllocationProofLeaf = Static<typeof AllocationProofLeafSchema>;

export const AllocationProofSchema = Type.Object({
  walletAddress: Type.String(),
  /** One per allocation record of the wallet. */
  leaves: Type.Array(AllocationProofLeafSchema),
  root: HashHexSchema,
  leafCount: Type.Integer({ minimum: 1 }),
  asOfBlock: Type.Union([Type.Integer(), Type.Null()]),
});
export type AllocationProof = Static<typeof AllocationProofSchema>;

/** Micro-tokens as a decimal integer: the exact amount beside its `tokens` number. */
export const MicroAmountSchema = Type.String({ pattern: '^[0-9]+$' });

export const AllocationStatsCategorySchema = Type.Object({
  category: Type.String(),
  tokens: Type.Number(),
  micro: MicroAmountSchema,
  /** Wallets with at least one record of the category. */
  walletCount: Type.Integer({ minimum: 0 }),
  recordCount: Type.Integer({ minimum: 0 }),
});

export const AllocationStatsHolderSchema = Type.Object({
  walletAddress: Type.String(),
  /** Every category of the wallet summed, as the lookup's `totalTokens`. */
  tokens: Type.Number(),
  micro: MicroAmountSchema,
});
export type AllocationStatsHolder = Static<typeof AllocationStatsHolderSchema>;

/** How many holders GET /api/allocation/stats ranks (SPEC: the top 20 holders). */
export const allocationTopHolders = allocationPageSize;

/** The published allocation list as a whole (`GET /api/allocation/stats`). */
export const AllocationStatsSchema = Type.Object({
  totalTokens: Type.Number(),
  totalMicro: MicroAmountSchema,
  /** Distinct wallets on the list. */
  walletCount: Type.Integer({ minimum: 0 }),
  recordCount: Type.Integer({ minimum: 0 }),
  /** Largest first, ties by name. */
  categories: Type.Array(AllocationStatsCategorySchema),
  /** The largest wallet totals, at most `allocationTopHolders`, largest first, ties by address. */
  topHolders: Type.Array(AllocationStatsHolderSchema, { maxItems: allocationTopHolders }),
});
export type AllocationStats = Static<typeof AllocationStatsSchema>;
