/**
 * The bench's baseline: a bare Fastify app (no plugins, no hooks, no logger) answering the same
 * bytes as the product. Cached answers are sent as fixed bodies captured from the product. The lookup
 * runs ONE prepared better-sqlite3 statement on the product's own SQLite file (the wallet's rows by
 * address, summed per category); its as-of block is read once at start, as the bench's data set has
 * one snapshot. The top-holders page runs the product's query as a prepared statement too.
 * Started by bench/http.bench.ts from its compiled copy; settings come from the environment.
 */
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { foundAllocationAnswer, topHolderAnswer } from './bare-answers.js';

export interface FixedAnswer {
  path: string;
  contentType: string;
  contentEncoding: string | null;
  /** The body's bytes as the product sent them (compressed when it compressed them). */
  bodyBase64: string;
  /** The product's other response headers (security headers, cache-control), sent too when BENCH_SAME_HEADERS=1. */
  headers: Record<string, string>;
}

/** Headers the product sends on the lookup and top-holders answers, for BENCH_SAME_HEADERS=1. */
export interface QueryHeaders {
  lookup: Record<string, string>;
  topHolders: Record<string, string>;
}

const database = new SQLite(process.env.BENCH_SQLITE_FILE!, { readonly: true });
const fixed = JSON.parse(fs.readFileSync(process.env.BENCH_FIXED_FILE!, 'utf8')) as FixedAnswer[];
const queryHeaders = JSON.parse(fs.readFileSync(process.env.BENCH_QUERY_HEADERS_FILE!, 'utf8')) as QueryHeaders;
// With BENCH_SAME_HEADERS=1 the baseline also sends the product's headers: the same bytes on the wire.
const sameHeaders = process.env.BENCH_SAME_HEADERS === '1';
const none: Record<string, string> = {};

interface CategoryRow {
  category: string;
  micro: number;
  records: number;
  payout_state: string;
  payout_txid: string | null;
  payout_block: number | null;
  payout_checked_at: number | null;
  payouts_recorded: number;
}
// The wallet's rows summed per category with each pair's payout, as the product's statement joins it.
const walletCategories = database.prepare<[string], CategoryRow>(
  `select records.category as category, sum(records.tokens_micro) as micro, count(*) as records,
     max(case when payout.id is null then 'not_sent' when payout.output_state = 'wrong_address' then 'wrong_address'
       else payout_tx.state end) as payout_state,
     max(payout.txid) as payout_txid, max(payout_tx.block_height) as payout_block,
     max(payout_tx.checked_at) as payout_checked_at, exists(select 1 from payouts) as payouts_recorded
   from allocation_records records
   left join payouts payout on payout.wallet_address = records.wallet_address and payout.category = records.category
   left join payout_transactions payout_tx on payout_tx.txid = payout.txid
   where records.wallet_address = ? group by records.category`,
);
// The tip the bench's explorer answers, which the product follows.
const tipHeight = Number(process.env.BENCH_TIP_HEIGHT);
// One snapshot in the bench's data: its block is every wallet's (http.bench.ts checks the answers match).
const asOfBlock =
  database.prepare<[], { block: number | null }>('select max(as_of_block) as block from allocation_snapshots').get()?.block ?? null;
const rankedPage = database.prepare<[number, number], { id: number; wallet_address: string; final_points: number; allocated_micro: number }>(
  'select * from points_allocations order by allocated_micro desc, id asc limit ? offset ?',
);
const setting = database.prepare<[string], { value: string }>('select value from settings where key = ?');

const app = Fastify();

for (const answer of fixed) {
  const body = Buffer.from(answer.bodyBase64, 'base64');
  const encoding = answer.contentEncoding ? { 'content-encoding': answer.contentEncoding } : none;
  app.get(answer.path, (_request, reply) => {
    reply.headers(sameHeaders ? answer.headers : none).headers(encoding).type(answer.contentType).send(body);
  });
}

app.post<{ Body: { walletAddress: string } }>('/api/allocation/lookup', (request, reply) => {
  if (sameHeaders) reply.headers(queryHeaders.lookup);
  const walletAddress = request.body.walletAddress.trim();
  const rows = walletCategories.all(walletAddress);
  if (rows.length === 0) return { success: false };
  return {
    success: true,
    allocation: foundAllocationAnswer(walletAddress, rows, { asOfBlock, payoutsRecorded: rows.some((row) => row.payouts_recorded === 1), tipHeight }),
  };
});

app.get<{ Querystring: { limit?: string; offset?: string } }>('/api/tokens/allocations', (request, reply) => {
  if (sameHeaders) reply.headers(queryHeaders.topHolders);
  const rows = rankedPage.all(Number(request.query.limit ?? 20), Number(request.query.offset ?? 0));
  const stats = JSON.parse(setting.get('points_allocation_stats')?.value ?? '{"totalAllocations":0}') as {
    totalAllocations: number;
  };
  return {
    allocations: rows.map(topHolderAnswer),
    total: stats.totalAllocations,
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
