import type { Kysely } from 'kysely';
import type { CategoryPayout, FoundAllocation, LookupResult } from '@shared/schemas/allocation';
import { emptyLookupMessage } from '@shared/schemas/allocation';
import { fromMicro } from '@shared/token-amount';
import { normalizeWallet } from '@shared/wallet';
import type { Database } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { type CategorySumRow, findManyWalletsCategories, findWalletCategories } from './allocation.repository.js';

/** The chain tip this process follows, or null when none is known (handed in: chain is another feature). */
export type ChainTip = () => Promise<number | null>;

const noChainTip: ChainTip = async () => null;

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** A row's payout; confirmations from the tip, at least the one block that holds it. */
function payoutOf(row: CategorySumRow, tip: number | null): CategoryPayout {
  const blockHeight = numberOrNull(row.payout_block);
  const checkedAt = numberOrNull(row.payout_checked_at);
  return {
    state: row.payout_state,
    txid: row.payout_txid,
    blockHeight,
    // A tip cached a moment before the block arrived would say 0 or fewer.
    confirmations: blockHeight === null || tip === null ? null : Math.max(1, tip - blockHeight + 1),
    checkedAt: checkedAt === null ? null : new Date(checkedAt).toISOString(),
  };
}

/**
 * A wallet's categories in micro-tokens with their payouts, largest first (none when it has no records),
 * the latest "as of" height of the snapshots they came from, and whether any payout is recorded, from its
 * rows of one statement.
 */
function categoriesOf(rows: readonly CategorySumRow[], tip: number | null) {
  // Micro-tokens as numbers: a wallet's total is at most the supply (1e15 micro-tokens, below 2^53),
  // so sums and comparisons are exact without a BigInt per row.
  const categories = rows
    .map((row) => ({ category: row.category, micro: Number(row.micro), records: Number(row.records), payout: payoutOf(row, tip) }))
    .sort((a, b) => b.micro - a.micro || a.category.localeCompare(b.category));
  let asOfBlock: number | null = null;
  for (const row of rows) if (row.block !== null) asOfBlock = Math.max(asOfBlock ?? 0, Number(row.block));
  const payoutsRecorded = rows.some((row) => Boolean(Number(row.payouts_recorded)));
  return { categories, asOfBlock, payoutsRecorded };
}

/** The tip, asked only when a payout of these rows sits in a block. */
async function tipFor(rows: readonly CategorySumRow[], chainTip: ChainTip): Promise<number | null> {
  return rows.some((row) => row.payout_block !== null) ? chainTip() : null;
}

/** A found wallet's allocation as the lookup answers it. */
function allocationOf(walletAddress: string, { categories, asOfBlock, payoutsRecorded }: ReturnType<typeof categoriesOf>): FoundAllocation {
  const totalMicro = categories.reduce((sum, row) => sum + row.micro, 0);
  return {
    walletAddress,
    totalTokens: fromMicro(totalMicro),
    recordCount: categories.reduce((sum, row) => sum + row.records, 0),
    categories: categories.map((row) => ({ category: row.category, tokens: fromMicro(row.micro), payout: row.payout })),
    asOfBlock,
    payoutsRecorded,
  };
}

/**
 * The allocation of one wallet, categories largest first. The address is trimmed and bech32
 * lower-cased; no format check applies (SPEC section 5), so any text is only ever data.
 */
export async function lookupAllocation(db: Kysely<Database>, rawAddress: string, chainTip: ChainTip = noChainTip): Promise<LookupResult> {
  const walletAddress = normalizeWallet(rawAddress);
  if (walletAddress === '') throw badRequest('EMPTY_WALLET', emptyLookupMessage);
  const rows = await findWalletCategories(db, walletAddress);
  if (rows.length === 0) return { success: false };
  return { success: true, allocation: allocationOf(walletAddress, categoriesOf(rows, await tipFor(rows, chainTip))) };
}

/**
 * The allocations of many wallets, by each address as given, in one statement whatever their number;
 * a wallet without one is absent. Each reads as `lookupAllocation` answers it.
 */
export async function lookupAllocations(
  db: Kysely<Database>,
  rawAddresses: readonly string[],
  chainTip: ChainTip = noChainTip,
): Promise<Map<string, FoundAllocation>> {
  const wallets = [...new Set(rawAddresses.map(normalizeWallet))].filter((walletAddress) => walletAddress !== '');
  const allRows = wallets.length > 0 ? await findManyWalletsCategories(db, wallets) : [];
  const rowsOf = new Map<string, CategorySumRow[]>();
  for (const { wallet_address: walletAddress, ...row } of allRows) {
    const rows = rowsOf.get(walletAddress);
    if (rows) rows.push(row);
    else rowsOf.set(walletAddress, [row]);
  }
  const tip = await tipFor(allRows, chainTip);
  const found = new Map<string, FoundAllocation>();
  for (const rawAddress of rawAddresses) {
    const walletAddress = normalizeWallet(rawAddress);
    const rows = rowsOf.get(walletAddress);
    if (rows) found.set(rawAddress, allocationOf(walletAddress, categoriesOf(rows, tip)));
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
