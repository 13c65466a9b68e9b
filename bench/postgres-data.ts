import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { refreshPointsStats } from '../server/features/point-allocations/index.js';
import { connectDatabase } from '../server/platform/db/connect.js';
import { migrateToLatest } from '../server/platform/db/migrate.js';
import { writeRealisticAllocationCsv } from '../scripts/realistic-allocations-csv.js';
import { benchAsOfBlock, benchSource, benchWallet } from './bench-data.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Points rows per insert: four arrays of this length travel as four parameters.
const pointsPerInsert = 50_000;

/**
 * The realistic list (bench/bench-data.ts) in the PostgreSQL database `databaseUrl` names, migrated by
 * the app's migrations and loaded by `import:allocations` as an operator loads it, plus one points
 * allocation per wallet. Returns the wallets and how long the import took (the figure wanted for PostgreSQL).
 */
export async function loadPostgresBenchData(databaseUrl: string, workDir: string, records: number): Promise<{ wallets: number; importSeconds: number }> {
  const { db } = connectDatabase({ dataDir: workDir, databaseUrl });
  await migrateToLatest(db);

  const csv = path.join(workDir, 'allocations.csv');
  const wallets = writeRealisticAllocationCsv(csv, records);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/import-allocations.ts', csv, '--source', benchSource, '--as-of-block', String(benchAsOfBlock)],
    { cwd: projectRoot, env: { ...process.env, DATA_DIR: workDir, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const importSeconds = (performance.now() - started) / 1000;
  fs.rmSync(csv);
  if (result.status !== 0) {
    await db.destroy();
    throw new Error(`import:allocations of the realistic list failed (exit ${result.status ?? result.signal})`);
  }

  await insertPoints(databaseUrl, wallets);
  await refreshPointsStats(db);
  await db.destroy();
  return { wallets, importSeconds };
}

/** One points allocation per wallet, as bench-data.ts writes them into SQLite. */
async function insertPoints(databaseUrl: string, wallets: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let first = 0; first < wallets; first += pointsPerInsert) {
      const indexes = Array.from({ length: Math.min(pointsPerInsert, wallets - first) }, (_, offset) => first + offset);
      await client.query(
        `insert into points_allocations (wallet_address, final_points, allocated_micro, source)
         select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[])`,
        [
          indexes.map((index) => benchWallet(index)),
          indexes.map((index) => 1000 + (index % 5000)),
          indexes.map((index) => 5_000_000_000 + ((index * 7919) % 1_000_000_007)),
          indexes.map(() => benchSource),
        ],
      );
    }
    await client.query('analyze allocation_records, points_allocations, allocation_tree_buckets');
  } finally {
    await client.end();
  }
}
