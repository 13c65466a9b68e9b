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
    }),
  }),
  Type.Object({ success: Type.Literal(false) }),
]);
export type LookupResult = Static<typeof LookupResultSchema>;

export const emptyLookupMessage = 'Please enter a wallet address';
