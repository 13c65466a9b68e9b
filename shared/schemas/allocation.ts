import { type Static, Type } from 'typebox';

export const LookupBodySchema = Type.Object(
  { walletAddress: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type LookupBody = Static<typeof LookupBodySchema>;

export const AllocationCategorySchema = Type.Object({ category: Type.String(), tokens: Type.Number() });
export type AllocationCategory = Static<typeof AllocationCategorySchema>;

export const LookupResultSchema = Type.Union([
  Type.Object({
    success: Type.Literal(true),
    allocation: Type.Object({
      walletAddress: Type.String(),
      totalTokens: Type.Number(),
      recordCount: Type.Integer(),
      /** Sorted by tokens, largest first. */
      categories: Type.Array(AllocationCategorySchema),
      /** The block height the wallet's figures are "as of" (its latest import snapshot); null when unknown. */
      asOfBlock: Type.Union([Type.Integer(), Type.Null()]),
    }),
  }),
  Type.Object({ success: Type.Literal(false) }),
]);
export type LookupResult = Static<typeof LookupResultSchema>;

export const emptyLookupMessage = 'Please enter a wallet address';

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
