/**
 * `npm run bench`: launch-day HTTP load. Loads a million allocation records into a fresh SQLite
 * DATA_DIR, shaped as `--data` says (bench/bench-data.ts): `realistic` (the default) is a list as an
 * operator's spreadsheet exports it, grouped by category, ~333k wallets of all four address kinds in
 * 1–5 categories each, loaded by `import:allocations`; `friendly` is four records per wallet side by
 * side, wallets in key order (the set earlier runs measured). Starts the compiled product server and a
 * bare Fastify baseline (bench/bare-server.ts: the lookup is one prepared statement on the same file)
 * on one core, both with the product's Node flags (`serverNodeFlags`: the ratio measures the app, not
 * the flags), drives each endpoint from this process on the other core with autocannon (100
 * connections; a warm-up, then product and baseline in alternating rounds) and prints each ratio to
 * the baseline measured in the same run, p99 latency, the server's peak RSS and whether each goal is met.
 * The proof leg (bench/proof-leg.ts) runs first, right after the product starts: the first proof's
 * time, then proofs under load and the peak RSS, against absolute goals (no baseline).
 * The open-loop legs (bench/open-loop-leg.ts) run last, one after the other: lookups at half the bare
 * route's throughput measured in this run, then proofs at 1,000 a second, each request timed from its
 * scheduled send, against p99 ≤ 15 ms and every answer 200 (the median of the rounds).
 *
 *   npm run bench -- [--data realistic|friendly] [--records 1000000] [--seconds 10] [--rounds 3]
 *                    [--only lookup,proof,stats,open-lookup,open-proof] [--soak [--soak-minutes 5]]
 *                    [--open-seconds 60] [--open-warm-up 10] [--open-rounds 3]
 *                    [--payouts 100000]  (a distribution under way: payouts recorded on every other pair of the list)
 *                    [--cpu-prof DIR]   (writes a V8 CPU profile of the product server)
 *                    [--same-headers]   (the baseline also sends the product's headers: the same bytes on the wire)
 *   npm run bench -- --spike [--database postgres] [...]
 *                                      (2,000 connections on the lookup, shedding on and off: bench/spike.bench.ts)
 *   npm run bench -- --database postgres [--records N] [--seconds …] [--rounds …] [--open-…] [--keep]
 *                    [--only lookup,lookup-many,proof,top-holders,lookup-limited,scale-out,open-lookup,open-proof]
 *
 * `--database postgres` (bench/postgres.bench.ts) runs on PostgreSQL: DATABASE_URL, or a throwaway
 * cluster started by scripts/with-postgres.sh, in a fresh schema dropped at the end. The realistic list
 * goes in through `import:allocations` (its time is printed) with one points row per wallet. Each of
 * the lookup, the lookup of 20 wallets, a proof and a page of top holders is compared with a bare
 * Fastify route running the product's statements through pg, a Pool of the product's size, on the same
 * database (bench/bare-postgres-server.ts; the answers are checked equal first). The product runs with
 * the lookup limit off; a second one, with TRUST_PROXY and the default LOOKUP_RATE_LIMIT, takes each
 * lookup from another X-Forwarded-For, so the limit's write per request is measured. The scale-out leg
 * (bench/scale-out-leg.ts) measures the lookup, limit off, closed loop with the same connections, in
 * turns on three set-ups of two fresh product processes (TRUST_PROXY=true, not pinned): one process
 * asked directly, the same process behind Debian's nginx running deploy/nginx/acorn.conf (only its ports,
 * cache folder and a lookup burst no one address reaches filled in; worker_processes auto) with one
 * upstream line, and both processes behind it (the shipped upstream). It prints req/s, p99 and CPU per
 * answer of each app process, nginx (master and workers), PostgreSQL and the load generator, the whole
 * system's (app + nginx + PostgreSQL) and from that the answers a second a machine of 4, 8 and 16 cores
 * would carry, an estimate whose assumptions it names. Then the open-loop
 * legs: lookups at half the bare route's rate, proofs at 500 a second. CPU per answer is reported for
 * the app, PostgreSQL (its cluster's processes, from /proc) and the load generator apart. Goals: lookup
 * ≥ 0.6× the bare route, limit on ≥ 0.5×, open-loop p99 ≤ 25 ms, server RSS ≤ 200 MB.
 *
 * The load generator is this process: `npm run bench` gives it 64 MB semi-spaces, as with its default
 * 16 MB it collected garbage for 5–6 ms every few dozen ms and a full collection every half second,
 * which showed in the servers' p99 and halved the bare route's rate (docs/performance.md).
 *
 * Not part of `npm test`. CLIENT_DIR names a built client to serve; without it the client is built
 * into dist/client when missing or stale, as `npm start` does. --keep keeps the data folder (and the
 * servers' logs in it).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { freePort } from '../scripts/free-port.js';
import { serverBundle, serverNodeFlags } from '../scripts/server-build.js';
import { assertSameAnswers, captureAnswers, topHoldersPath } from './baseline-answers.js';
import { buildBenchServers } from './bench-builds.js';
import { benchAsOfBlock, type DataShape, dataShapes, loadBenchData, loadBenchPayouts } from './bench-data.js';
import { compare, measure, type LoadResult } from './load.js';
import { loadArgOptions } from './load-options.js';
import { lookupPath, lookupRequest, openLoopLookup } from './lookup-request.js';
import { printOpenLoopLegs, runOpenLoopLegs } from './open-loop-leg.js';
import { canPin, pinThisProcess, sampleRss, startNode, stop, waitForHttp } from './processes.js';
import { productEnv } from './product-env.js';
import { openLoopProof, printProofLeg, type ProofLegResult, runProofLeg } from './proof-leg.js';
import { notAnswered, printSoak, printTable, printVerdict, type Row } from './report.js';
import { runPostgresBench } from './postgres.bench.js';
import { runSpike } from './spike.bench.js';

// `--spike`: the launch spike, a bench of its own (bench/spike.bench.ts).
if (process.argv.includes('--spike')) process.exit(await runSpike(process.argv.slice(2)));
// `--database postgres`: the same comparison on PostgreSQL, a bench of its own (bench/postgres.bench.ts).
if (process.argv[process.argv.indexOf('--database') + 1] === 'postgres') process.exit(await runPostgresBench(process.argv.slice(2)));

const { values: args } = parseArgs({
  options: {
    ...loadArgOptions,
    data: { type: 'string', default: 'realistic' },
    soak: { type: 'boolean', default: false },
    'soak-minutes': { type: 'string', default: '5' },
    // The baseline also sends the product's response headers (security headers, cache-control).
    'same-headers': { type: 'boolean', default: false },
    // Payouts recorded on the list (a distribution under way): the lookup joins each category's.
    payouts: { type: 'string', default: '0' },
    database: { type: 'string', default: 'sqlite' },
  },
});

if (args.database !== 'sqlite') throw new Error('--database: sqlite (the default) or postgres');
if (!dataShapes.includes(args.data as DataShape)) throw new Error(`--data: one of ${dataShapes.join(', ')}`);
const shape = args.data as DataShape;

const serverCore = 1;
const loadCore = 0;
const load = {
  connections: Number(args.connections),
  seconds: Number(args.seconds),
  warmUpSeconds: Number(args['warm-up']),
  rounds: Number(args.rounds),
};
const openLoad = { seconds: Number(args['open-seconds']), warmUpSeconds: Number(args['open-warm-up']), rounds: Number(args['open-rounds']) };
if (!(openLoad.rounds >= 1 && openLoad.seconds > 0)) throw new Error('--open-rounds: at least 1; --open-seconds: more than 0');

interface Endpoint {
  name: string;
  kind: 'cached' | 'query';
  path: string;
  /** Request headers beyond autocannon's own, for the captured answer too. */
  headers?: Record<string, string>;
  request: (wallets: number) => autocannon.Request;
}

const get =
  (path: string, headers: Record<string, string> = {}) =>
  () => ({ method: 'GET' as const, path, headers });
// What a browser sends for a page (Chrome's list): the page is measured as browsers receive it, compressed.
const browserPageHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };

const endpoints: Endpoint[] = [
  {
    name: 'lookup',
    kind: 'query',
    path: lookupPath,
    // Every request asks for another wallet that exists (a hit).
    request: (wallets) => lookupRequest(wallets, shape),
  },
  { name: 'top holders', kind: 'query', path: topHoldersPath, request: get(topHoldersPath) },
  { name: 'stats', kind: 'cached', path: '/api/stats', request: get('/api/stats') },
  { name: 'tip height', kind: 'cached', path: '/api/chain/tip-height', request: get('/api/chain/tip-height') },
  { name: 'config', kind: 'cached', path: '/api/config', request: get('/api/config') },
  { name: 'index.html', kind: 'cached', path: '/', headers: browserPageHeaders, request: get('/', browserPageHeaders) },
];
const only = args.only?.split(',').map((name) => name.trim());
const selected = only ? endpoints.filter((endpoint) => only.includes(endpoint.name.replace(' ', '-')) || only.includes(endpoint.name)) : endpoints;
const proofLeg = !only || only.includes('proof');
const openLegs = { lookup: !only || only.includes('open-lookup'), proof: !only || only.includes('open-proof') };

pinThisProcess(loadCore);
if (!canPin) console.log('note: fewer than 2 cores or no taskset; server and load generator share the CPU');

const {
  bundles: [bareBundle],
  clientDir,
} = await buildBenchServers(['bench/bare-server.ts']);

const records = Number(args.records);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-bench-'));
const started = performance.now();
console.log(`loading ${records.toLocaleString('en-US')} allocation records (${shape} data) into ${dataDir}…`);
const { wallets } = await loadBenchData(dataDir, records, shape);
// The block explorer's tip height, which the product follows and counts payouts' confirmations from.
const benchTipHeight = benchAsOfBlock + 123;
const payouts = Number(args.payouts);
if (payouts > 0) {
  console.log(`recording ${payouts.toLocaleString('en-US')} payouts on the list…`);
  loadBenchPayouts(dataDir, payouts, benchTipHeight);
}
console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// The block explorer the product asks for the tip height; its answer is then cached by the product.
const explorer = http.createServer((_request, response) => response.end(String(benchTipHeight)));
await new Promise<void>((resolve) => explorer.listen(0, '127.0.0.1', resolve));
const explorerPort = (explorer.address() as { port: number }).port;

const productPort = await freePort();
const productUrl = `http://127.0.0.1:${productPort}`;
const cpuProf = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : [];
const product = startNode([...cpuProf, ...serverNodeFlags, serverBundle], {
  core: serverCore,
  logFile: path.join(dataDir, 'product.log'),
  env: {
    ...productEnv({ dataDir, port: productPort, clientDir, explorerPort }),
    // Production runs with metrics and the per-visitor lookup limit on, so the answers measured pay for
    // both. The bench is one client: its limit is the largest the setting takes, which no run reaches.
    LOOKUP_RATE_LIMIT: '1000000',
  },
});
const children = [product];

try {
  await waitForHttp(`${productUrl}/healthz`, product);
  // Before anything else reaches the product: its first proof after a start is the one measured.
  const proofs: ProofLegResult | null = proofLeg
    ? await runProofLeg(productUrl, product.pid!, { wallets, shape }, {
        connections: load.connections,
        seconds: load.seconds,
        warmUpSeconds: load.warmUpSeconds,
      })
    : null;

  // The bare routes answer exactly the bytes the product sends (captured once its caches are warm).
  const { fixedFile, queryHeadersFile } = await captureAnswers(productUrl, endpoints.filter((candidate) => candidate.kind === 'cached'), dataDir, shape);

  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bare = startNode([...serverNodeFlags, bareBundle!], {
    core: serverCore,
    logFile: path.join(dataDir, 'bare.log'),
    env: { ...process.env, PORT: String(barePort), BENCH_SQLITE_FILE: path.join(dataDir, 'app.sqlite'), BENCH_FIXED_FILE: fixedFile, BENCH_TIP_HEIGHT: String(benchTipHeight),
      BENCH_QUERY_HEADERS_FILE: queryHeadersFile,
      BENCH_SAME_HEADERS: args['same-headers'] ? '1' : '0',
    },
  });
  children.push(bare);
  await waitForHttp(`${bareUrl}/api/config`, bare);
  await assertSameAnswers(productUrl, bareUrl, shape);

  const rows: Row[] = [];
  let lookupPeakRss: number | null = null;
  for (const endpoint of selected) {
    // RSS is sampled while the product is under load (warm-up included).
    const rssSamples: number[] = [];
    let sampler: ReturnType<typeof sampleRss> | null = null;
    const { product: productResult, bare: bareResult } = await compare(
      { product: productUrl, bare: bareUrl },
      { product: product.pid!, bare: bare.pid! },
      [endpoint.request(wallets)],
      load,
      {
        start: () => (sampler = sampleRss(product.pid!)),
        stop: () => rssSamples.push(...(sampler?.stop() ?? [])),
      },
    );
    if (endpoint.name === 'lookup') lookupPeakRss = Math.max(...rssSamples);
    rows.push({ endpoint: endpoint.name, path: endpoint.path, kind: endpoint.kind, product: productResult, bare: bareResult });
    report(endpoint.name, productResult, bareResult);
  }
  const open = await runOpenLoopLegs(openLegs, openLoad, {
    url: productUrl,
    lookup: openLoopLookup(wallets, shape),
    proof: openLoopProof(wallets, shape),
    // The closed-loop lookup leg's baseline, or a short closed-loop run of the bare route when it was not run.
    bareLookupRate: async () => {
      const measured = rows.find((row) => row.endpoint === 'lookup')?.bare.requestsPerSecond;
      if (measured !== undefined) return measured;
      const seconds = Math.min(load.seconds, 5);
      console.log(`lookup: the bare route alone for ${seconds} s at ${load.connections} connections, for the open-loop rate…`);
      return (await measure(bareUrl, bare.pid!, [lookupRequest(wallets, shape)], { ...load, seconds })).requestsPerSecond;
    },
  });

  const missed = rows.length === 0 ? [] : printTable(rows, lookupPeakRss, { connections: load.connections, seconds: load.seconds, records, shape, pinned: canPin });
  if (proofs) missed.push(...printProofLeg(proofs, load.connections));
  if (open.length > 0) missed.push(...printOpenLoopLegs(open));
  printVerdict(missed);

  if (args.soak) {
    const minutes = Number(args['soak-minutes']);
    console.log(`\nsoak: ${minutes} min of mixed load on the product server…`);
    const rss = sampleRss(product.pid!, 1000);
    const soakResult = await measure(
      productUrl,
      product.pid!,
      endpoints.map((endpoint) => endpoint.request(wallets)),
      { connections: load.connections, seconds: minutes * 60, warmUpSeconds: 0 },
    );
    printSoak(rss.stop(), soakResult);
  }
} finally {
  for (const child of children) await stop(child);
  explorer.close();
  if (args.keep) console.log(`kept ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

function report(name: string, productResult: LoadResult, bareResult: LoadResult): void {
  const invalid = notAnswered(productResult, bareResult);
  console.log(
    `${name}: product ${Math.round(productResult.requestsPerSecond)} req/s, bare ${Math.round(bareResult.requestsPerSecond)} req/s` +
      (invalid === null ? '' : ` (${invalid}: the run is not valid)`),
  );
}
