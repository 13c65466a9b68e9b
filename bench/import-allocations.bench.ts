/**
 * `npm run bench:import [ROWS]`: the allocation import against sqlite3's own bulk load, in one run.
 * Writes a CSV of ROWS (default 1,000,000) rows, shaped as `--data` says: `realistic` (the default) is
 * grouped by category as an operator's spreadsheet exports it, wallets of all four kinds interleaved
 * (scripts/realistic-allocations-csv.ts); `friendly` is each wallet's rows side by side with real mainnet
 * addresses (bench/import-allocations-csv.ts). Then it times
 *   baseline: the sqlite3 CLI's `.import` of the file into a fresh database plus the product's `CREATE INDEX`
 *             on the file's columns (wallet_address, category, tokens), as `sqlite3` runs it (process start included);
 *   product:  `npm run import:allocations` of the same file into a fresh DATA_DIR, as an operator runs
 *             it (process start, migrations, every check, the write, the snapshot and its Merkle root),
 *             compiled beforehand as the command's own build step does;
 * and prints both times and their ratio. Both run `--rounds` times (default 5), alternating, each into
 * a fresh database, so a busy moment of the machine hits both sides of a round alike; the ratio printed
 * last is the median of the rounds' ratios. Run on demand, not in CI; needs `sqlite3`.
 *
 *   npm run bench:import -- [ROWS] [--rounds 5] [--data realistic|friendly]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer, serverBuildIsStale } from '../scripts/server-build.js';
import { writeAllocationCsv } from './import-allocations-csv.js';
import { writeRealisticAllocationCsv } from '../scripts/realistic-allocations-csv.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args, positionals } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, data: { type: 'string', default: 'realistic' } },
  allowPositionals: true,
});
const writers = { realistic: writeRealisticAllocationCsv, friendly: writeAllocationCsv };
if (!(args.data in writers)) throw new Error(`--data: one of ${Object.keys(writers).join(', ')}`);
const writeCsv = writers[args.data as keyof typeof writers];
const rows = Number(positionals[0] ?? 1_000_000);
const rounds = Number(args.rounds);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-import-bench-'));
const csv = path.join(work, 'allocations.csv');

function timed(label: string, command: string, args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): number {
  // Written-back first, so neither side waits for the other's (or the CSV's) dirty pages at its fsync.
  spawnSync('sync');
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: projectRoot, input: options.input, env: options.env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = (performance.now() - started) / 1000;
  if (result.error || result.status !== 0) {
    throw new Error(`${label} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stderr}`);
  }
  console.log(`${label.padEnd(10)} ${seconds.toFixed(2)} s`);
  return seconds;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

try {
  console.log(`writing ${rows.toLocaleString('en-US')} rows (${args.data} data) to ${csv}…`);
  const wallets = writeCsv(csv, rows);
  console.log(`${wallets.toLocaleString('en-US')} wallets, ${(fs.statSync(csv).size / 1e6).toFixed(1)} MB`);
  // Read once so neither side pays for the first read from disk.
  fs.readFileSync(csv);

  const baselineScript = [
    'create table allocation_records (wallet_address text, category text, tokens text);',
    `.import --csv --skip 1 '${csv}' allocation_records`,
    // The product's covering index over the file's columns (its fourth column, the source, is one value).
    'create index allocation_records_wallet_cover_idx on allocation_records (wallet_address, category, tokens);',
  ].join('\n');

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
    const database = path.join(work, `baseline-${round}.sqlite`);
    baselines.push(timed('sqlite3', 'sqlite3', [database], { input: baselineScript }));
    fs.rmSync(database, { force: true });
    const dataDir = path.join(work, `data-${round}`);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    products.push(timed('product', process.execPath, [...nodeArgs, csv, '--as-of-block', '900000'], { env }));
    fs.rmSync(dataDir, { recursive: true, force: true });
    console.log(`round ${round}: ratio ${(products.at(-1)! / baselines.at(-1)!).toFixed(2)}x`);
  }
  const ratio = median(products.map((product, round) => product / baselines[round]!));
  console.log(`medians of ${rounds} rounds: sqlite3 ${median(baselines).toFixed(2)} s, product ${median(products).toFixed(2)} s`);
  console.log(`ratio product/sqlite3: ${ratio.toFixed(2)}x (median of the rounds' ratios; goal: at most 3x)`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
