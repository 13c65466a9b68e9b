/**
 * `npm run bench`: launch-day load on the allocation lookup. Loads a million allocation records
 * into a fresh SQLite file, then times the lookup service against a baseline measured in the
 * same run (a primary-key read of one row), and prints the ratio. Run on demand, not in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { connectDatabase } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { lookupAllocation } from '../server/features/allocation/allocation.service.js';

const records = Number(process.argv[2] ?? 1_000_000);
const lookups = 20_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-bench-'));
const { db } = connectDatabase({ dataDir, databaseUrl: null });
await migrateToLatest(db);

const wallet = (index: number) => `bc1q${index.toString(36).padStart(38, '0')}`;
const categories = ['Holder Airdrop', 'Whale Bonus #1', 'Whale Bonus #2', 'Whale Bonus #3'];
console.log(`loading ${records.toLocaleString('en-US')} records…`);
for (let start = 0; start < records; start += 2000) {
  const rows = Array.from({ length: Math.min(2000, records - start) }, (_, offset) => {
    const index = start + offset;
    return { wallet_address: wallet(Math.floor(index / 4)), category: categories[index % 4]!, tokens_micro: 34_123_000_000 + index, source: 'bench' };
  });
  await db.insertInto('allocation_records').values(rows).execute();
}

const plan = await sql<{ detail: string }>`explain query plan select category, sum(tokens_micro) from allocation_records where wallet_address = ${wallet(1)} group by category`.execute(db);
console.log('plan:', plan.rows.map((row) => row.detail).join(' | '));

async function time(label: string, run: (index: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 500; i++) await run(i);
  const started = performance.now();
  for (let i = 0; i < lookups; i++) await run(i);
  const perCall = ((performance.now() - started) / lookups) * 1000;
  console.log(`${label.padEnd(28)} ${perCall.toFixed(1)} µs per call`);
  return perCall;
}

const wallets = records / 4;
const baseline = await time('baseline: row by primary key', (i) =>
  db.selectFrom('allocation_records').select('id').where('id', '=', ((i * 7919) % records) + 1).executeTakeFirst(),
);
const lookup = await time('allocation lookup (found)', (i) => lookupAllocation(db, wallet((i * 7919) % wallets)));
const missing = await time('allocation lookup (missing)', (i) => lookupAllocation(db, `bc1qmissing${i}`));
console.log(`ratio found/baseline: ${(lookup / baseline).toFixed(2)}x, missing/baseline: ${(missing / baseline).toFixed(2)}x`);

await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
