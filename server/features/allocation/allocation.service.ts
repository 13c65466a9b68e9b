import type { Kysely } from 'kysely';
import type { FoundAllocation, LookupResult } from '@shared/schemas/allocation';
import { emptyLookupMessage } from '@shared/schemas/allocation';
import { fromMicro } from '@shared/token-amount';
import { normalizeWallet } from '@shared/wallet';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { findWalletCategories } from './allocation.repository.js';

/**
 * A wallet's categories in micro-tokens, largest first (none when it has no records), and the latest
 * "as of" height of the snapshots they came from: one statement.
 */
async function walletAllocation(db: Kysely<Database>, walletAddress: string) {
  const rows = await findWalletCategories(db, walletAddress);
  // Micro-tokens as numbers: a wallet's total is at most the supply (1e15 micro-tokens, below 2^53),
  // so sums and comparisons are exact without a BigInt per row.
  const categories = rows
    .map((row) => ({ category: row.category, micro: Number(row.micro), records: Number(row.records) }))
    .sort((a, b) => b.micro - a.micro || a.category.localeCompare(b.category));
  let asOfBlock: number | null = null;
  for (const row of rows) if (row.block !== null) asOfBlock = Math.max(asOfBlock ?? 0, Number(row.block));
  return { categories, asOfBlock };
}

type WalletCategories = Awaited<ReturnType<typeof walletAllocation>>['categories'];

/** A found wallet's allocation as the lookup answers it. */
function allocationOf(walletAddress: string, categories: WalletCategories, asOfBlock: number | null): FoundAllocation {
  const totalMicro = categories.reduce((sum, row) => sum + row.micro, 0);
  return {
    walletAddress,
    totalTokens: fromMicro(totalMicro),
    recordCount: categories.reduce((sum, row) => sum + row.records, 0),
    categories: categories.map((row) => ({ category: row.category, tokens: fromMicro(row.micro) })),
    asOfBlock,
  };
}

/**
 * The allocation of one wallet, categories largest first. The address is trimmed and bech32
 * lower-cased; no format check applies (SPEC section 5), so any text is only ever data.
 */
export async function lookupAllocation(db: Kysely<Database>, rawAddress: string): Promise<LookupResult> {
  const walletAddress = normalizeWallet(rawAddress);
  if (walletAddress === '') throw badRequest('EMPTY_WALLET', emptyLookupMessage);
  const { categories, asOfBlock } = await walletAllocation(db, walletAddress);
  if (categories.length === 0) return { success: false };
  return { success: true, allocation: allocationOf(walletAddress, categories, asOfBlock) };
}

/** The categories of a wallet's allocation in the live snapshot, sorted by name; none for a wallet without one. */
export async function walletCategoryNames(db: Kysely<Database>, rawAddress: string): Promise<string[]> {
  const rows = await findWalletCategories(db, normalizeWallet(rawAddress));
  return rows.map((row) => row.category).sort();
}
