import type { Kysely } from 'kysely';
import type { FoundAllocation, LookupResult } from '@shared/schemas/allocation';
import { emptyLookupMessage } from '@shared/schemas/allocation';
import { fromMicro } from '@shared/token-amount';
import { normalizeWallet } from '@shared/wallet';
import type { Database } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { findManyWalletsCategories, findWalletCategories } from './allocation.repository.js';

type CategoryRow = Awaited<ReturnType<typeof findWalletCategories>>[number];

/**
 * A wallet's categories in micro-tokens, largest first (none when it has no records), and the latest
 * "as of" height of the snapshots they came from, from its rows of one statement.
 */
function categoriesOf(rows: readonly CategoryRow[]) {
  // Micro-tokens as numbers: a wallet's total is at most the supply (1e15 micro-tokens, below 2^53),
  // so sums and comparisons are exact without a BigInt per row.
  const categories = rows
    .map((row) => ({ category: row.category, micro: Number(row.micro), records: Number(row.records) }))
    .sort((a, b) => b.micro - a.micro || a.category.localeCompare(b.category));
  let asOfBlock: number | null = null;
  for (const row of rows) if (row.block !== null) asOfBlock = Math.max(asOfBlock ?? 0, Number(row.block));
  return { categories, asOfBlock };
}

type WalletCategories = ReturnType<typeof categoriesOf>['categories'];

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
  const { categories, asOfBlock } = categoriesOf(await findWalletCategories(db, walletAddress));
  if (categories.length === 0) return { success: false };
  return { success: true, allocation: allocationOf(walletAddress, categories, asOfBlock) };
}

/**
 * The allocations of many wallets, by each address as given, in one statement whatever their number;
 * a wallet without one is absent. Each reads as `lookupAllocation` answers it.
 */
export async function lookupAllocations(db: Kysely<Database>, rawAddresses: readonly string[]): Promise<Map<string, FoundAllocation>> {
  const wallets = [...new Set(rawAddresses.map(normalizeWallet))].filter((walletAddress) => walletAddress !== '');
  const rowsOf = new Map<string, CategoryRow[]>();
  if (wallets.length > 0) {
    for (const { wallet_address: walletAddress, ...row } of await findManyWalletsCategories(db, wallets)) {
      const rows = rowsOf.get(walletAddress);
      if (rows) rows.push(row);
      else rowsOf.set(walletAddress, [row]);
    }
  }
  const found = new Map<string, FoundAllocation>();
  for (const rawAddress of rawAddresses) {
    const walletAddress = normalizeWallet(rawAddress);
    const rows = rowsOf.get(walletAddress);
    if (!rows) continue;
    const { categories, asOfBlock } = categoriesOf(rows);
    found.set(rawAddress, allocationOf(walletAddress, categories, asOfBlock));
  }
  return found;
}

/** The categories of a wallet's allocation in the live snapshot, sorted by name; none for a wallet without one. */
export async function walletCategoryNames(db: Kysely<Database>, rawAddress: string): Promise<string[]> {
  const rows = await findWalletCategories(db, normalizeWallet(rawAddress));
  return rows.map((row) => row.category).sort();
}

// Wallets per statement: the list travels as one JSON parameter, so this only bounds a result's size.
const walletsPerRead = 10_000;

/**
 * The categories each wallet holds on the live list (every source), for wallets already normalised; a
 * wallet without a record is absent. One statement per ten thousand wallets.
 */
export async function listedCategoriesOf(db: Kysely<Database>, wallets: readonly string[]): Promise<Map<string, Set<string>>> {
  const listed = new Map<string, Set<string>>();
  for (let start = 0; start < wallets.length; start += walletsPerRead) {
    for (const row of await findManyWalletsCategories(db, wallets.slice(start, start + walletsPerRead))) {
      const categories = listed.get(row.wallet_address);
      if (categories) categories.add(row.category);
      else listed.set(row.wallet_address, new Set([row.category]));
    }
  }
  return listed;
}
