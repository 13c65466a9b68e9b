import type { Kysely } from 'kysely';
import type { AllocationsPage, TokenAllocation, TokenStats } from '@shared/schemas/point-allocations';
import { noAllocationMessage } from '@shared/schemas/point-allocations';
import { fromMicro, mulDivRound } from '@shared/token-amount';
import type { Database, PointsAllocation } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import { readPointsStats } from './point-allocations-stats.repository.js';
import { findPointsAllocation, listPointsAllocations } from './point-allocations.repository.js';

/** Tokens per point to 3 decimals, from exact micro amounts. */
function ratio(allocatedMicro: bigint, points: bigint): number {
  if (points === 0n) return 0;
  // micro / points / 1e6 tokens, kept in thousandths: micro * 1000 / (points * 1e6).
  return Number(mulDivRound(allocatedMicro, 1000n, points * 1_000_000n)) / 1000;
}

export function toTokenAllocation(row: PointsAllocation): TokenAllocation {
  return {
    id: row.id,
    walletAddress: row.wallet_address,
    finalPoints: row.final_points,
    allocatedTokens: fromMicro(row.allocated_micro),
    allocationRatio: ratio(BigInt(row.allocated_micro), BigInt(row.final_points)),
  };
}

export async function myAllocation(db: Kysely<Database>, walletAddress: string): Promise<TokenAllocation> {
  const row = await findPointsAllocation(db, walletAddress);
  if (!row) throw notFound('ALLOCATION_NOT_FOUND', noAllocationMessage);
  return toTokenAllocation(row);
}

export async function tokenStats(db: Kysely<Database>): Promise<TokenStats> {
  const stats = await readPointsStats(db);
  const average =
    stats.totalAllocations === 0 ? 0n : mulDivRound(BigInt(stats.totalTokensMicro), 1n, BigInt(stats.totalAllocations));
  return {
    totalAllocations: stats.totalAllocations,
    totalTokensAllocated: fromMicro(stats.totalTokensMicro),
    totalPointsAllocated: stats.totalPoints,
    averageTokensPerUser: fromMicro(average),
  };
}

export async function allocationsPage(db: Kysely<Database>, limit: number, offset: number): Promise<AllocationsPage> {
  const [rows, stats] = await Promise.all([listPointsAllocations(db, limit, offset), readPointsStats(db)]);
  return { allocations: rows.map(toTokenAllocation), total: stats.totalAllocations };
}
