/**
 * `npm run bench:payouts [-- --payouts 100000] [--transactions 500]`: a distribution as launch day
 * brings it. An allocation list (category-grouped, three rows per payout) is imported; then a payout
 * file of N payouts in T batch transactions, grouped by transaction as the operator's transfer tool
 * writes it, wallets of every kind interleaved, is recorded by `npm run import:payouts` and, as the
 * baseline in the same run, by sqlite3's own `.import` of the same file plus the unique index. Then
 * the payout check runs against two fake Esplora explorers on 127.0.0.1 on a simulated clock (a block
 * every 10 minutes, the batches confirmed in the next block) until every transaction is final: it
 * prints the requests per explorer, the most in any minute against the budget, and how long (in
 * simulated time) until every payout was seen, confirmed and final. Run on demand, not in CI.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { startFakeExplorer } from '../scripts/fake-explorer/fake-explorer.js';
import { writeRealisticAllocationCsv } from '../scripts/realistic-allocations-csv.js';
import { importAllocationsFile } from '../server/features/imports/index.js';
import { createPayoutCheck } from '../server/features/payouts/index.js';
import { loadConfig } from '../server/platform/config.js';
import { connectDatabase } from '../server/platform/db/connect.js';
import { migrateToLatest } from '../server/platform/db/migrate.js';

const { values } = parseArgs({
  options: { payouts: { type: 'string', default: '100000' }, transactions: { type: 'string', default: '500' } },
});
const payoutCount = Number(values.payouts);
const transactionCount = Number(values.transactions);
const perMinute = 30;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-bench-payouts-'));
const dataDir = path.join(workDir, 'data');
const { db } = connectDatabase({ dataDir, databaseUrl: null });
await migrateToLatest(db);

console.log(`allocation list: ${(payoutCount * 3).toLocaleString('en')} category-grouped rows…`);
const listFile = path.join(workDir, 'list.csv');
writeRealisticAllocationCsv(listFile, payoutCount * 3);
const listed = await importAllocationsFile(db, listFile, { source: 'list' });
if (!listed.ok) throw new Error('the bench list was refused');

// Pairs spread over the whole list (every third row of it in id order: all kinds, all categories).
const pairs = await db
  .selectFrom('allocation_records')
  .select(['wallet_address', 'category'])
  .where(sql<boolean>`id % 3 = 0`)
  .orderBy('id')
  .limit(payoutCount)
  .execute();
if (pairs.length < payoutCount) throw new Error(`the list holds ${pairs.length} pairs for ${payoutCount} payouts`);
const txidOf = (index: number) => createHash('sha256').update(`batch ${index}`).digest('hex');
const perTransaction = Math.ceil(payoutCount / transactionCount);
const payoutFile = path.join(workDir, 'payouts.csv');
const lines = ['wallet_address,category,txid,vout'];
pairs.forEach((pair, index) => {
  const batch = Math.floor(index / perTransaction);
  lines.push(`${pair.wallet_address},"${pair.category}",${txidOf(batch)},${index % perTransaction}`);
});
fs.writeFileSync(payoutFile, `${lines.join('\n')}\n`);
await db.destroy();

console.log(`${payoutCount.toLocaleString('en')} payouts in ${transactionCount} transactions: recording them…`);
const baselineDb = path.join(workDir, 'baseline.sqlite');
let started = performance.now();
const baseline = spawnSync(
  'sqlite3',
  [baselineDb, '-cmd', '.mode csv', '.import payouts.csv payouts', 'create unique index payouts_pair on payouts (wallet_address, category);'],
  { cwd: workDir, encoding: 'utf8' },
);
const baselineSeconds = (performance.now() - started) / 1000;
if (baseline.status !== 0) throw new Error(`sqlite3 failed: ${baseline.stderr}`);
started = performance.now();
const recorded = spawnSync('npm', ['run', '--silent', 'import:payouts', '--', payoutFile], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
const productSeconds = (performance.now() - started) / 1000;
if (recorded.status !== 0) throw new Error(`import:payouts failed: ${recorded.stderr}`);
console.log(`sqlite3 .import + unique index: ${baselineSeconds.toFixed(2)} s; npm run import:payouts (start, checks against the list, write, audit): ${productSeconds.toFixed(2)} s (${(productSeconds / baselineSeconds).toFixed(2)}×)`);

// The check, on a simulated clock: a run every 10 s, a block every 10 minutes.
const explorers = [await startFakeExplorer(), await startFakeExplorer()];
const handle = connectDatabase({ dataDir, databaseUrl: null });
const outputsOf = new Map<string, Array<{ address: string }>>();
pairs.forEach((pair, index) => {
  const txid = txidOf(Math.floor(index / perTransaction));
  outputsOf.set(txid, [...(outputsOf.get(txid) ?? []), { address: pair.wallet_address }]);
});
for (const [txid, outputs] of outputsOf) for (const explorer of explorers) explorer.broadcast(txid, outputs);
const startedAt = Date.now();
let clock = startedAt;
let tip = 900_000;
const config = loadConfig({ DATA_DIR: dataDir });
const check = createPayoutCheck({
  db: handle.db,
  dialect: 'sqlite',
  dataDir,
  config: { ...config.payouts, explorerApiUrls: explorers.map((explorer) => explorer.base), explorerRequestsPerMinute: perMinute },
  timeoutMs: 5000,
  tipHeight: async () => tip,
  now: () => clock,
});
const minutes = new Map<number, number[]>();
const countByMinute = () => {
  const minute = Math.floor((clock - startedAt) / 60_000);
  minutes.set(minute, explorers.map((explorer) => explorer.transactionRequests()));
};
const states = async () =>
  handle.db.selectFrom('payout_transactions').select(['state', 'final']).execute().then((rows) => ({
    seen: rows.filter((row) => row.state !== 'unchecked').length,
    confirmed: rows.filter((row) => row.state === 'confirmed').length,
    final: rows.filter((row) => Number(row.final) === 1).length,
  }));
const milestones: { seen: number | null; confirmed: number | null; final: number | null } = { seen: null, confirmed: null, final: null };
let confirmedAtBlock: number | null = null;
for (let step = 0; step < 6 * 60 * 24 && milestones.final === null; step++) {
  if (step > 0 && step % 60 === 0) {
    tip += 1;
    // The batches are mined in the first block after they were all broadcast.
    if (confirmedAtBlock === null) {
      confirmedAtBlock = tip;
      for (const txid of outputsOf.keys()) for (const explorer of explorers) explorer.confirm(txid, tip);
    }
  }
  await check.run();
  countByMinute();
  const now = await states();
  for (const key of ['seen', 'confirmed', 'final'] as const) if (milestones[key] === null && now[key] === outputsOf.size) milestones[key] = clock - startedAt;
  clock += 10_000;
}
const totals = explorers.map((explorer) => explorer.transactionRequests());
const cumulative = [...minutes.values()];
const busiestMinute = Math.max(
  ...cumulative.map((counts, index) => Math.max(...counts.map((count, host) => count - (index > 0 ? cumulative[index - 1]![host]! : 0)))),
);
const asMinutes = (ms: number | null) => (ms === null ? 'not reached' : `${(ms / 60_000).toFixed(1)} min`);
console.log(`check: ${totals.reduce((a, b) => a + b, 0).toLocaleString('en')} requests for ${outputsOf.size} transactions (${totals.join(' + ')} per explorer); most in one minute to one explorer: ${busiestMinute} (budget ${perMinute})`);
console.log(`every transaction seen after ${asMinutes(milestones.seen)}, confirmed after ${asMinutes(milestones.confirmed)}, final after ${asMinutes(milestones.final)} (simulated time; mined at minute 10, six blocks deep at minute 60)`);
await handle.db.destroy();
await Promise.all(explorers.map((explorer) => explorer.close()));
fs.rmSync(workDir, { recursive: true, force: true });
