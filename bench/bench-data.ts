import SQLite from 'better-sqlite3';
import { connectDatabase, sqliteFile } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { refreshPointsStats } from '../server/features/points/points-stats.repository.js';

export const benchSource = 'bench';
export const benchAsOfBlock = 870_000;
export const recordsPerWallet = 4;

const categories = ['Holder Airdrop', 'Whale Bonus #1', 'Whale Bonus #2', 'Whale Bonus #3'];

/** The n-th wallet of the bench data set (every one holds `recordsPerWallet` records). */
export const benchWallet = (index: number) => `bc1q${index.toString(36).padStart(38, '0')}`;

/**
 * A fresh SQLite database in `dataDir`, migrated by the app's own migrations, with `records`
 * allocation records (four per wallet) and one points allocation per wallet. Rows go in through one
 * prepared statement per table inside a transaction: a million rows take seconds, not minutes.
 */
export async function loadBenchData(dataDir: string, records: number): Promise<{ wallets: number }> {
  const { db } = connectDatabase({ dataDir, databaseUrl: null });
  await migrateToLatest(db);
  await db.destroy();

  const wallets = Math.ceil(records / recordsPerWallet);
  const database = new SQLite(sqliteFile({ dataDir }));
  database.pragma('journal_mode = WAL');
  const insertRecord = database.prepare(
    'insert into allocation_records (wallet_address, category, tokens_micro, source) values (?, ?, ?, ?)',
  );
  const insertPoints = database.prepare(
    'insert into points_allocations (wallet_address, final_points, allocated_micro, source) values (?, ?, ?, ?)',
  );
  database.transaction(() => {
    for (let index = 0; index < records; index++) {
      insertRecord.run(benchWallet(Math.floor(index / recordsPerWallet)), categories[index % 4], 34_123_000_000 + index, benchSource);
    }
    for (let index = 0; index < wallets; index++) {
      insertPoints.run(benchWallet(index), 1000 + (index % 5000), 5_000_000_000 + ((index * 7919) % 1_000_000_007), benchSource);
    }
    database
      .prepare('insert into allocation_snapshots (source, as_of_block, imported_at) values (?, ?, ?)')
      .run(benchSource, benchAsOfBlock, Date.now());
  })();
  database.pragma('wal_checkpoint(TRUNCATE)');
  database.close();

  // The top-holders page reads its total from the stored aggregate, as after a real import.
  const handle = connectDatabase({ dataDir, databaseUrl: null });
  await refreshPointsStats(handle.db);
  await handle.db.destroy();
  return { wallets };
}
