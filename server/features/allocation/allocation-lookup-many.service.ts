import type { Kysely } from 'kysely';
import {
  emptyLookupMessage,
  type FoundAllocation,
  type LookupManyEntry,
  type LookupManyResult,
  maxLookupAddresses,
  maxWalletAddressLength,
} from '@shared/schemas/allocation';
import { fromMicro, toMicro } from '@shared/token-amount';
import { normalizeWallet } from '@shared/wallet';
import type { Database } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { type ChainTip, lookupAllocations } from './allocation.service.js';

type Planned =
  | { position: number; kind: 'lookup'; walletAddress: string }
  | { position: number; kind: 'duplicate'; walletAddress: string; duplicateOf: number }
  | Extract<LookupManyEntry, { status: 'malformed' }>;

/** What a lookup-many request asks: each entry's fate, and the distinct addresses to look up (each counted once). */
export interface LookupManyPlan {
  entries: Planned[];
  addresses: string[];
}

const invalidEntryMessage = `Each entry must be a wallet address of at most ${maxWalletAddressLength} characters.`;

/**
 * Reads the entries as the single lookup reads its one address: trimmed, bech32 lower-cased, no format
 * check. Malformed means what the single lookup refuses: not a string, longer than its limit, or empty.
 */
export function planLookupMany(rawEntries: readonly unknown[]): LookupManyPlan {
  if (rawEntries.length === 0) throw badRequest('NO_WALLETS', 'Please enter at least one wallet address.');
  if (rawEntries.length > maxLookupAddresses) {
    throw badRequest('TOO_MANY_WALLETS', `At most ${maxLookupAddresses} addresses can be looked up at once; ${rawEntries.length} were sent.`);
  }
  const firstAt = new Map<string, number>();
  const entries = rawEntries.map((raw, position): Planned => {
    if (typeof raw !== 'string' || raw.length > maxWalletAddressLength) {
      return { position, status: 'malformed', error: 'INVALID_WALLET_ENTRY', message: invalidEntryMessage };
    }
    const walletAddress = normalizeWallet(raw);
    if (walletAddress === '') return { position, status: 'malformed', error: 'EMPTY_WALLET', message: emptyLookupMessage };
    const earlier = firstAt.get(walletAddress);
    if (earlier !== undefined) return { position, kind: 'duplicate', walletAddress, duplicateOf: earlier };
    firstAt.set(walletAddress, position);
    return { position, kind: 'lookup', walletAddress };
  });
  return { entries, addresses: [...firstAt.keys()] };
}

/**
 * The distinct addresses read in one statement (one range of the wallet index each), each answered as
 * the single lookup answers it, and the found ones merged per category in integer micro-tokens.
 */
export async function answerLookupMany(db: Kysely<Database>, plan: LookupManyPlan, chainTip?: ChainTip): Promise<LookupManyResult> {
  const found = await lookupAllocations(db, plan.addresses, chainTip);

  const results = plan.entries.map((entry): LookupManyEntry => {
    if ('status' in entry) return entry;
    const { position, walletAddress } = entry;
    if (entry.kind === 'duplicate') return { position, status: 'duplicate', walletAddress, duplicateOf: entry.duplicateOf };
    const allocation = found.get(walletAddress);
    return allocation ? { position, status: 'found', walletAddress, allocation } : { position, status: 'not_found', walletAddress };
  });
  return { results, total: combinedTotal([...found.values()]) };
}

/**
 * The allocations summed per category. Each amount goes back to its micro-tokens before it is added: a
 * wallet's amounts are at most the supply, 15 significant digits, which a JSON number carries exactly.
 */
function combinedTotal(allocations: readonly FoundAllocation[]): LookupManyResult['total'] {
  const merged = new Map<string, bigint>();
  let totalMicro = 0n;
  for (const { categories } of allocations) {
    for (const { category, tokens } of categories) {
      const micro = toMicro(tokens);
      merged.set(category, (merged.get(category) ?? 0n) + micro);
      totalMicro += micro;
    }
  }
  const categories = [...merged]
    .sort(([nameA, a], [nameB, b]) => (a === b ? nameA.localeCompare(nameB) : a > b ? -1 : 1))
    .map(([category, micro]) => ({ category, tokens: fromMicro(micro) }));
  return {
    walletCount: allocations.length,
    totalTokens: fromMicro(totalMicro),
    recordCount: allocations.reduce((sum, allocation) => sum + allocation.recordCount, 0),
    categories,
  };
}
