import { spawnSync } from 'node:child_process';
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
