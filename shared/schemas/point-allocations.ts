import { type Static, Type } from 'typebox';
import { unavailableStateSchema } from './upstream.js';

export const TokenAllocationSchema = Type.Object({
  id: Type.Integer(),
  walletAddress: Type.String(),
  finalPoints: Type.Integer(),
  allocatedTokens: Type.Number(),
  /** Tokens per point, 3 decimals. */
  allocationRatio: Type.Number(),
});
export type TokenAllocation = Static<typeof TokenAllocationSchema>;

export const MyAllocationResponseSchema = Type.Object({ allocation: TokenAllocationSchema });
export type MyAllocationResponse = Static<typeof MyAllocationResponseSchema>;

/**
 * What `/my-allocation?onUnavailable=state` answers, 200, for a wallet without a points allocation:
 * the site's own page asks so, a 404 being a console error in the browser; other callers keep the 404.
 */
export const NoAllocationStateSchema = unavailableStateSchema('ALLOCATION_NOT_FOUND');

export const TokenStatsSchema = Type.Object({
  totalAllocations: Type.Integer(),
  totalTokensAllocated: Type.Number(),
  totalPointsAllocated: Type.Integer(),
  averageTokensPerUser: Type.Number(),
});
export type TokenStats = Static<typeof TokenStatsSchema>;

export const maxAllocationsPageSize = 100;
export const maxAllocationsOffset = 10_000_000;

export const AllocationsQuerySchema = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: maxAllocationsPageSize, default: 20 }),
    offset: Type.Integer({ minimum: 0, maximum: maxAllocationsOffset, default: 0 }),
  },
  { additionalProperties: false },
);

export const AllocationsPageSchema = Type.Object({
  allocations: Type.Array(TokenAllocationSchema),
  total: Type.Integer(),
});
export type AllocationsPage = Static<typeof AllocationsPageSchema>;

export const noAllocationMessage = 'No token allocation found for your wallet address';
