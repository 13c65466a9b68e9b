import { type Kysely, PostgresAdapter } from 'kysely';
import { type AllocationStats, type AllocationStatsHolder, allocationTopHolders } from '@shared/schemas/allocation';
import { fromMicro } from '@shared/token-amount';
import type { Database } from '../../platform/db/schema.js';
import { readCategoryTotals, readWalletTotals } from './allocation-stats.repository.js';
import { readTableVersion } from './allocation-tree.js';

/**
 * Wallets per page. SQLite answers on this thread: a page is a few tens of milliseconds, so other requests
 * run between pages. PostgreSQL answers on its own: larger pages spare round trips (a million records,
 * 333k wallets: about 5 s in pages of 20,000 against 12 s in pages of 2,000 on a busy 2-core machine).
 */
const walletsPerPage = (db: Kysely<Database>) => (db.getExecutor().adapter instanceof PostgresAdapter ? 20_000 : 2_000);
const attempts = 3;

interface Holder {
  walletAddress: string;
  micro: bigint;
}

/** Larger first; equal totals by address (code units, the same on both dialects whatever the collation). */
const ranksBefore = (a: Holder, b: Holder) => a.micro > b.micro || (a.micro === b.micro && a.walletAddress < b.walletAddress);

/** Keeps `top` the `limit` highest-ranked holders seen, in rank order. */
function offer(top: Holder[], holder: Holder, limit: number): void {
  if (top.length === limit && !ranksBefore(holder, top[limit - 1]!)) return;
  let at = top.length;
  while (at > 0 && ranksBefore(holder, top[at - 1]!)) at -= 1;
  top.splice(at, 0, holder);
  if (top.length > limit) top.pop();
}

const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Every record read once, a page of wallets at a time along the covering wallet index: each wallet's
 * total (for the ranking) and each category's tokens, records and wallets, summed in integer micro-tokens.
 */
async function scanRecords(db: Kysely<Database>): Promise<AllocationStats> {
  const categories = new Map<string, { micro: bigint; walletCount: number; recordCount: number }>();
  const top: Holder[] = [];
  let walletCount = 0;
  let afterWallet = '';
  const pageSize = walletsPerPage(db);
  for (;;) {
    const wallets = await readWalletTotals(db, afterWallet, pageSize);
    if (wallets.length === 0) break;
    const lastWallet = wallets[wallets.length - 1]!.wallet_address;
    for (const row of wallets) offer(top, { walletAddress: row.wallet_address, micro: BigInt(row.micro) }, allocationTopHolders);
    walletCount += wallets.length;
    for (const row of await readCategoryTotals(db, afterWallet, lastWallet)) {
      const sums = categories.get(row.category) ?? { micro: 0n, walletCount: 0, recordCount: 0 };
      sums.micro += BigInt(row.micro);
      sums.walletCount += Number(row.wallets);
      sums.recordCount += Number(row.records);
      categories.set(row.category, sums);
    }
    afterWallet = lastWallet;
    // better-sqlite3 answers synchronously: without this, a million records would hold every other request.
    await yieldTurn();
  }

  const byCategory = [...categories]
    .sort(([nameA, a], [nameB, b]) => (a.micro === b.micro ? nameA.localeCompare(nameB) : a.micro > b.micro ? -1 : 1))
    .map(([category, sums]) => ({
      category,
      tokens: fromMicro(sums.micro),
      micro: String(sums.micro),
      walletCount: sums.walletCount,
      recordCount: sums.recordCount,
    }));
  const totalMicro = [...categories.values()].reduce((sum, { micro }) => sum + micro, 0n);
  return {
    totalTokens: fromMicro(totalMicro),
    totalMicro: String(totalMicro),
    walletCount,
    recordCount: byCategory.reduce((sum, { recordCount }) => sum + recordCount, 0),
    categories: byCategory,
    topHolders: top.map(({ walletAddress, micro }): AllocationStatsHolder => ({ walletAddress, tokens: fromMicro(micro), micro: String(micro) })),
  };
}

let scans = 0;

/** How many times this process read every record for the statistics (once per change of the list). */
export function allocationStatsScans(): number {
  return scans;
}

/**
 * The statistics of every record, read without holding a transaction (on SQLite that would hold the one
 * connection for the whole read); the table version is read before and after instead, and an import
 * landing in between means reading again.
 */
async function computeAllocationStats(db: Kysely<Database>): Promise<{ version: string; stats: AllocationStats }> {
  scans += 1;
  for (let attempt = 1; ; attempt += 1) {
    const before = await readTableVersion(db);
    const stats = await scanRecords(db);
    const after = await readTableVersion(db);
    if (after.version === before.version) return { version: before.version, stats };
    if (attempt === attempts) throw new Error('The allocation records kept changing while their statistics were read');
  }
}

/**
 * The list's statistics, read from every record once per table version (an import, the demo set, seeded
 * rows change it) and held in memory: asking again costs the version's two key probes and the snapshot
 * rows, and answers the same object until the records change. Concurrent callers share one read.
 */
export function createAllocationStatsSource(db: Kysely<Database>): () => Promise<AllocationStats> {
  let held: { version: string; stats: AllocationStats } | null = null;
  let pending: { version: string; promise: Promise<AllocationStats> } | null = null;
  return async () => {
    const { version } = await readTableVersion(db);
    if (held?.version === version) return held.stats;
    if (pending?.version !== version) {
      const promise = computeAllocationStats(db)
        .then((computed) => {
          held = computed;
          return computed.stats;
        })
        .finally(() => {
          if (pending?.promise === promise) pending = null;
        });
      pending = { version, promise };
    }
    return pending.promise;
  };
}
