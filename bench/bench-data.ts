import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { connectDatabase, sqliteFile } from '../server/platform/db/connect.js';
import { migrateToLatest } from '../server/platform/db/migrate.js';
import { refreshPointsStats } from '../server/features/point-allocations/index.js';
import { benchAddress } from '../scripts/bench-addresses.js';
import { writeRealisticAllocationCsv } from '../scripts/realistic-allocations-csv.js';

export const benchSource = 'bench';
export const benchAsOfBlock = 870_000;

/**
 * realistic: a list as an operator's spreadsheet exports it (scripts/realistic-allocations-csv.ts:
 * grouped by category, 1–5 categories per wallet, all four address kinds), loaded by
 * `import:allocations` as an operator loads it. friendly: four records per wallet side by side,
 * wallets in key order, written straight into the table (every lookup reads one place).
 */
export type DataShape = 'realistic' | 'friendly';
export const dataShapes: readonly DataShape[] = ['realistic', 'friendly'];

const friendlyRecordsPerWallet = 4;
const friendlyCategories = ['Holder Airdrop', 'Whale Bonus #1', 'Whale Bonus #2', 'Whale Bonus #3'];
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The n-th wallet of the bench data set of that shape: every index below its `wallets` holds records. */
export function benchWallet(index: number, shape: DataShape = 'realistic'): string {
  return shape === 'realistic' ? benchAddress(index) : `bc1q${index.toString(36).padStart(38, '0')}`;
}

/**
 * A fresh SQLite database in `dataDir`, migrated by the app's own migrations, with `records`
 * allocation records of the given shape and one points allocation per wallet.
 */
export async function loadBenchData(dataDir: string, records: number, shape: DataShape = 'realistic'): Promise<{ wallets: number }> {
  const { db } = connectDatabase({ dataDir, databaseUrl: null });
  await migrateToLatest(db);
  await db.destroy();

  const wallets = shape === 'realistic' ? importRealisticRecords(dataDir, records) : Math.ceil(records / friendlyRecordsPerWallet);
  const database = new SQLite(sqliteFile({ dataDir }));
  database.pragma('journal_mode = WAL');
  const insertRecord = database.prepare(
    'insert into allocation_records (wallet_address, category, tokens_micro, source) values (?, ?, ?, ?)',
  );
  const insertPoints = database.prepare(
    'insert into points_allocations (wallet_address, final_points, allocated_micro, source) values (?, ?, ?, ?)',
  );
  // Rows go in through one prepared statement per table inside a transaction: a million rows take seconds.
  database.transaction(() => {
    if (shape === 'friendly') {
      for (let index = 0; index < records; index++) {
        const wallet = benchWallet(Math.floor(index / friendlyRecordsPerWallet), shape);
        insertRecord.run(wallet, friendlyCategories[index % friendlyRecordsPerWallet], 34_123_000_000 + index, benchSource);
      }
      database
        .prepare('insert into allocation_snapshots (source, as_of_block, imported_at) values (?, ?, ?)')
        .run(benchSource, benchAsOfBlock, Date.now());
    }
    for (let index = 0; index < wallets; index++) {
      insertPoints.run(benchWallet(index, shape), 1000 + (index % 5000), 5_000_000_000 + ((index * 7919) % 1_000_000_007), benchSource);
    }
  })();
  database.pragma('wal_checkpoint(TRUNCATE)');
  database.close();

  // The top-holders page reads its total from the stored aggregate, as after a real import.
  const handle = connectDatabase({ dataDir, databaseUrl: null });
  await refreshPointsStats(handle.db);
  await handle.db.destroy();
  return { wallets };
}

/**
 * The realistic list written as a CSV and loaded by `import:allocations` (checksums, snapshot and
 * whatever else an import stores), as an operator runs it; returns the number of wallets.
 */
function importRealisticRecords(dataDir: string, records: number): number {
  const csv = path.join(dataDir, 'allocations.csv');
  const wallets = writeRealisticAllocationCsv(csv, records);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/import-allocations.ts', csv, '--source', benchSource, '--as-of-block', String(benchAsOfBlock)],
    { cwd: projectRoot, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  fs.rmSync(csv);
  if (result.status !== 0) throw new Error(`import:allocations of the realistic list failed (exit ${result.status ?? result.signal})`);
  return wallets;
}

/** Payouts per batch transaction, as a transfer tool sends them. */
const payoutsPerTransaction = 200;

/**
 * `count` payouts recorded on the list in `dataDir`, as after a distribution under way: the list's
 * (wallet, category) pairs in the order the list holds them, every other pair paid, in batch
 * transactions of 200; of the transactions, eight in ten confirmed (final), one in the mempool, one not
 * yet seen by any explorer. Written straight into the tables: `npm run bench:payouts` measures the import.
 */
export function loadBenchPayouts(dataDir: string, count: number, tipHeight: number): void {
  if (count <= 0) return;
  const database = new SQLite(sqliteFile({ dataDir }));
  const pairs = database
    .prepare<[number], { wallet_address: string; category: string }>(
      `select wallet_address, category from allocation_records group by wallet_address, category order by min(rowid) limit ?`,
    )
    .all(count * 2)
    .filter((_pair, index) => index % 2 === 0);
  if (pairs.length < count) throw new Error(`the list holds ${pairs.length * 2} pairs for ${count} payouts paid every other pair`);
  const now = Date.now();
  const insertTransaction = database.prepare(
    'insert into payout_transactions (txid, state, block_height, first_seen_at, checked_at, final, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPayout = database.prepare(
    'insert into payouts (wallet_address, category, txid, vout, output_state, source, imported_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  database.transaction(() => {
    for (let first = 0; first < count; first += payoutsPerTransaction) {
      const batch = first / payoutsPerTransaction;
      const txid = createHash('sha256').update(`bench payout ${batch}`).digest('hex');
      const kind = batch % 10;
      if (kind < 8) insertTransaction.run(txid, 'confirmed', tipHeight - 10 - (batch % 50), now, now, 1, now);
      else if (kind === 8) insertTransaction.run(txid, 'unconfirmed', null, now, now, 0, now);
      else insertTransaction.run(txid, 'unchecked', null, null, null, 0, now);
      pairs.slice(first, first + payoutsPerTransaction).forEach((pair, vout) => {
        insertPayout.run(pair.wallet_address, pair.category, txid, vout, kind < 9 ? 'paid' : null, benchSource, now);
      });
    }
  })();
  database.pragma('wal_checkpoint(TRUNCATE)');
  database.close();
}
