/**
 * The PostgreSQL bench's baseline: a bare Fastify app (no plugins, no hooks, no logger) answering the
 * lookup, the lookup of many, a proof and a page of top holders with the product's statements, through
 * the product's driver (pg, a Pool of the product's size, its number parsers, each statement named as the
 * product names its hot reads) on the same database. It knows the bench's data: every address it is
 * sent is already trimmed and lower-cased, and a lookup-many names distinct wallets. Started by bench/postgres.bench.ts from its compiled copy;
 * settings come from the environment (BENCH_DATABASE_URL, BENCH_TIP_HEIGHT, PORT).
 */
import Fastify from 'fastify';
import { fromMicro, toMicro } from '@shared/token-amount';
import { foundAllocationAnswer, topHolderAnswer } from './bare-answers.js';
import { namedQuery, pool } from './bare-postgres-pool.js';
import { answerProof, loadHeldTree } from './bare-postgres-proof.js';


interface CategoryRow {
  wallet_address?: string;
  category: string;
  micro: number;
  records: number;
  block: number | null;
  payout_state: string;
  payout_txid: string | null;
  payout_block: number | null;
  payout_checked_at: number | null;
  payouts_recorded: boolean;
}

// The product's statement (allocation.repository.ts): records summed per category with their payouts.
const categorySums = (perWallet: boolean, where: string) => `select ${perWallet ? 'records.wallet_address as wallet_address, ' : ''}records.category as category,
    sum(records.tokens_micro) as micro, count(*) as records, max(snapshots.as_of_block) as block,
    max((case when payout.id is null then 'not_sent'
      when payout.output_state = 'wrong_address' then 'wrong_address' else payout_tx.state end)) as payout_state,
    max(payout.txid) as payout_txid, max(payout_tx.block_height) as payout_block, max(payout_tx.checked_at) as payout_checked_at,
    exists(select 1 from payouts) as payouts_recorded
  from allocation_records records
  left join allocation_snapshots snapshots on snapshots.source = records.source
  left join payouts payout on payout.wallet_address = records.wallet_address and payout.category = records.category
    left join payout_transactions payout_tx on payout_tx.txid = payout.txid
  where ${where}
  group by ${perWallet ? 'records.wallet_address, ' : ''}records.category`;
const walletCategories = categorySums(false, 'records.wallet_address = $1');
const manyWalletsCategories = categorySums(true, 'records.wallet_address = any(array(select jsonb_array_elements_text(cast($1 as jsonb))))');
const rankedPage = 'select * from "points_allocations" order by "allocated_micro" desc, "id" asc limit $1 offset $2';
const setting = 'select value from settings where key = $1';

const tipHeight = Number(process.env.BENCH_TIP_HEIGHT);
const tree = await loadHeldTree(pool);

function allocationOf(walletAddress: string, rows: CategoryRow[]) {
  let asOfBlock: number | null = null;
  for (const row of rows) if (row.block !== null) asOfBlock = Math.max(asOfBlock ?? 0, row.block);
  return foundAllocationAnswer(walletAddress, rows, { asOfBlock, payoutsRecorded: rows.some((row) => row.payouts_recorded), tipHeight });
}

const app = Fastify();

app.post<{ Body: { walletAddress: string } }>('/api/allocation/lookup', async (request) => {
  const walletAddress = request.body.walletAddress.trim();
  const { rows } = await namedQuery<CategoryRow>(walletCategories, [walletAddress]);
  return rows.length === 0 ? { success: false } : { success: true, allocation: allocationOf(walletAddress, rows) };
});

app.post<{ Body: { walletAddresses: string[] } }>('/api/allocation/lookup-many', async (request) => {
  const wallets = request.body.walletAddresses;
  const { rows } = await namedQuery<CategoryRow>(manyWalletsCategories, [JSON.stringify(wallets)]);
  const rowsOf = new Map<string, CategoryRow[]>();
  for (const row of rows) rowsOf.set(row.wallet_address!, [...(rowsOf.get(row.wallet_address!) ?? []), row]);
  const allocations = new Map([...rowsOf].map(([walletAddress, walletRows]) => [walletAddress, allocationOf(walletAddress, walletRows)]));
  const found = wallets.flatMap((walletAddress) => allocations.get(walletAddress) ?? []);
  const merged = new Map<string, bigint>();
  for (const { categories } of found) {
    for (const { category, tokens } of categories) merged.set(category, (merged.get(category) ?? 0n) + toMicro(tokens));
  }
  const totalMicro = [...merged.values()].reduce((sum, micro) => sum + micro, 0n);
  return {
    results: wallets.map((walletAddress, position) => {
      const allocation = allocations.get(walletAddress);
      return allocation ? { position, status: 'found', walletAddress, allocation } : { position, status: 'not_found', walletAddress };
    }),
    total: {
      walletCount: found.length,
      totalTokens: fromMicro(totalMicro),
      recordCount: found.reduce((sum, allocation) => sum + allocation.recordCount, 0),
      categories: [...merged]
        .sort(([nameA, a], [nameB, b]) => (a === b ? nameA.localeCompare(nameB) : a > b ? -1 : 1))
        .map(([category, micro]) => ({ category, tokens: fromMicro(micro) })),
    },
  };
});

app.get<{ Querystring: { wallet: string } }>('/api/allocation/proof', async (request, reply) => {
  const proof = await answerProof(tree, request.query.wallet.trim());
  if (!proof) return reply.code(404).send({ error: 'ALLOCATION_NOT_FOUND', message: 'No allocation was found for this wallet.' });
  return proof;
});

app.get<{ Querystring: { limit?: string; offset?: string } }>('/api/tokens/allocations', async (request) => {
  const [page, stats] = await Promise.all([
    namedQuery<{ id: number; wallet_address: string; final_points: number; allocated_micro: number }>(rankedPage, [
      Number(request.query.limit ?? 20),
      Number(request.query.offset ?? 0),
    ]),
    namedQuery<{ value: string }>(setting, ['points_allocation_stats']),
  ]);
  const total = (JSON.parse(stats.rows[0]?.value ?? '{"totalAllocations":0}') as { totalAllocations: number }).totalAllocations;
  return {
    allocations: page.rows.map(topHolderAnswer),
    total,
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
