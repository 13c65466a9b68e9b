/**
 * `npm run bench:import [ROWS]`: the allocation import against the database's own bulk load, in one run.
 * Writes a CSV of ROWS (default 1,000,000) rows, shaped as `--data` says: `realistic` (the default) is
 * grouped by category as an operator's spreadsheet exports it, wallets of all four kinds interleaved
 * (scripts/realistic-allocations-csv.ts); `friendly` is each wallet's rows side by side with real mainnet
 * addresses (bench/import-allocations-csv.ts). Then it times, on SQLite (the default `--database`),
 *   baseline: the sqlite3 CLI's `.import` of the file into a fresh database plus the product's `CREATE INDEX`
 *             on the file's columns (wallet_address, category, tokens), as `sqlite3` runs it (process start included);
 *   product:  `npm run import:allocations` of the same file into a fresh DATA_DIR, as an operator runs
 *             it (process start, migrations, every check, the write, the snapshot and its Merkle root),
 *             compiled beforehand as the command's own build step does;
 * and prints both times and their ratio. Both run `--rounds` times (default 5), alternating, each into
 * a fresh database, so a busy moment of the machine hits both sides of a round alike; the ratio printed
 * last is the median of the rounds' ratios. Run on demand, not in CI; needs `sqlite3` (`psql` on PostgreSQL).
 *
 * With `--database postgres` both sides run on the PostgreSQL server DATABASE_URL names, or on a
 * throwaway cluster started as scripts/with-postgres.sh does, each side of a round in a fresh schema
 * dropped after it:
 *   baseline: one `psql` process (/usr/lib/postgresql/N/bin, else PATH) creating allocation_records as
 *             the migrations do on PostgreSQL, `\copy` of the file into it and the migrations' indexes
 *             (bench/import-postgres-target.ts);
 *   product:  the same compiled `import:allocations` with DATABASE_URL at the fresh schema, migrating it
 *             first as an operator's first import does.
 *
 *   npm run bench:import -- [ROWS] [--rounds 5] [--data realistic|friendly] [--database sqlite|postgres]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer, serverBuildIsStale } from '../scripts/server-build.js';
import { writeAllocationCsv } from './import-allocations-csv.js';
import { writeRealisticAllocationCsv } from '../scripts/realistic-allocations-csv.js';
import { postgresImportTarget } from './import-postgres-target.js';
import { sqliteImportTarget } from './import-sqlite-target.js';
import { median } from './timed-command.js';
import { rerunWithThrowawayPostgres } from './throwaway-postgres.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args, positionals } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    data: { type: 'string', default: 'realistic' },
    database: { type: 'string', default: 'sqlite' },
  },
  allowPositionals: true,
});
const writers = { realistic: writeRealisticAllocationCsv, friendly: writeAllocationCsv };
if (!(args.data in writers)) throw new Error(`--data: one of ${Object.keys(writers).join(', ')}`);
if (!['sqlite', 'postgres'].includes(args.database)) throw new Error('--database: one of sqlite, postgres');
const databaseUrl = process.env.DATABASE_URL?.trim();
if (args.database === 'postgres' && !databaseUrl) process.exit(await rerunWithThrowawayPostgres());

const writeCsv = writers[args.data as keyof typeof writers];
const rows = Number(positionals[0] ?? 1_000_000);
const rounds = Number(args.rounds);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-import-bench-'));
const csv = path.join(work, 'allocations.csv');
const target = args.database === 'postgres' ? postgresImportTarget(csv, work, databaseUrl!) : sqliteImportTarget(csv, work);

try {
  console.log(`writing ${rows.toLocaleString('en-US')} rows (${args.data} data) to ${csv}…`);
  const wallets = writeCsv(csv, rows);
  console.log(`${wallets.toLocaleString('en-US')} wallets, ${(fs.statSync(csv).size / 1e6).toFixed(1)} MB`);
  // Read once so neither side pays for the first read from disk.
  fs.readFileSync(csv);

  // The command of `npm run import:allocations` (without npm's own start-up), after its build step:
  // an operator builds once, then imports.
  const packageJson = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const importCommand = packageJson.scripts['import:allocations']!.split('&&').at(-1)!.trim();
  const [runner, ...nodeArgs] = importCommand.split(/\s+/);
  if (runner !== 'node') throw new Error('the bench expects import:allocations to end with `node …`');
  if (serverBuildIsStale()) await buildServer();

  const baselines: number[] = [];
  const products: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    baselines.push(await target.timeBaseline(round));
    products.push(await target.timeProduct(round, [...nodeArgs, csv, '--as-of-block', '900000']));
    console.log(`round ${round}: ratio ${(products.at(-1)! / baselines.at(-1)!).toFixed(2)}x`);
  }
  const ratio = median(products.map((product, round) => product / baselines[round]!));
  const name = target.baselineName;
  console.log(`medians of ${rounds} rounds: ${name} ${median(baselines).toFixed(2)} s, product ${median(products).toFixed(2)} s`);
  const goal = target.goal ? `; goal: ${target.goal}` : '';
  console.log(`ratio product/${name}: ${ratio.toFixed(2)}x (median of the rounds' ratios${goal})`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
