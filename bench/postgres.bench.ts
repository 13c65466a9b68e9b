/**
 * `npm run bench -- --database postgres`: the HTTP bench (bench/http.bench.ts) on PostgreSQL, run
 * from there. DATABASE_URL names the server, or a throwaway cluster is started (scripts/with-postgres.sh);
 * the bench works in a fresh schema of its own, dropped at the end. See http.bench.ts for the legs.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { freePort } from '../scripts/free-port.js';
import { serverBundle, serverNodeFlags } from '../scripts/server-build.js';
import { topHoldersPath } from './baseline-answers.js';
import { buildBenchServers } from './bench-builds.js';
import { benchAsOfBlock } from './bench-data.js';
import { loadArgOptions } from './load-options.js';
import { compare, type CpuMeters, measure } from './load.js';
import { lookupPath, lookupRequest, openLoopLookup } from './lookup-request.js';
import { printOpenLoopLegs, runOpenLoopLegs } from './open-loop-leg.js';
import { assertSamePostgresAnswers } from './postgres-answers.js';
import { findPostmaster } from './postgres-cpu.js';
import { loadPostgresBenchData } from './postgres-data.js';
import { loadGeneratorMeter, postgresGoals, postgresMeter, type PostgresRow, printLegLine, printPostgresTable } from './postgres-report.js';
import { lookupManyPath, lookupManyRequest, manyVisitorsLookupRequest } from './postgres-requests.js';
import { createBenchSchema } from './postgres-schema.js';
import { productEnv } from './product-env.js';
import { canPin, pinThisProcess, sampleRss, startNode, stop, waitForHttp, withChildrenCpuMs } from './processes.js';
import { openLoopProof, proofPath, proofRequest } from './proof-leg.js';
import { printVerdict } from './report.js';
import { runScaleOutLeg, type ScaleOutRow } from './scale-out-leg.js';
import { printScaleOutLine, printScaleOutTable } from './scale-out-report.js';
import { rerunWithThrowawayPostgres } from './throwaway-postgres.js';

const serverCore = 1;
const loadCore = 0;
/** The product's default LOOKUP_RATE_LIMIT (docs/configuration.md), for the limited leg. */
const defaultLookupRateLimit = '60';

export async function runPostgresBench(argv: string[]): Promise<number> {
  const { values: args } = parseArgs({
    args: argv,
    options: { ...loadArgOptions, database: { type: 'string' } },
  });
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) return rerunWithThrowawayPostgres();

  const load = { connections: Number(args.connections), seconds: Number(args.seconds), warmUpSeconds: Number(args['warm-up']), rounds: Number(args.rounds) };
  const openLoad = { seconds: Number(args['open-seconds']), warmUpSeconds: Number(args['open-warm-up']), rounds: Number(args['open-rounds']) };
  if (!(openLoad.rounds >= 1 && openLoad.seconds > 0)) throw new Error('--open-rounds: at least 1; --open-seconds: more than 0');
  const only = args.only?.split(',').map((name) => name.trim());
  const wanted = (leg: string) => !only || only.includes(leg);
  const records = Number(args.records);

  pinThisProcess(loadCore);
  if (!canPin) console.log('note: fewer than 2 cores or no taskset; server and load generator share the CPU');
  const {
    bundles: [bareBundle],
    clientDir,
  } = await buildBenchServers(['bench/bare-postgres-server.ts']);

  const schema = await createBenchSchema(databaseUrl);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-bench-pg-'));
  const children: ChildProcess[] = [];
  const benchTipHeight = benchAsOfBlock + 123;
  const explorer = http.createServer((_request, response) => response.end(String(benchTipHeight)));
  try {
    const postmaster = await findPostmaster(schema.url);
    const meters: CpuMeters = {
      [postgresMeter]: () => (postmaster === null ? null : withChildrenCpuMs(postmaster)),
      [loadGeneratorMeter]: () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      },
    };
    if (postmaster === null) console.log('note: the PostgreSQL server runs elsewhere; its CPU is not reported');
    console.log(`loading ${records.toLocaleString('en-US')} allocation records (realistic data) into PostgreSQL schema ${schema.name}…`);
    const { wallets, importSeconds } = await loadPostgresBenchData(schema.url, workDir, records);
    console.log(`import:allocations on PostgreSQL: ${importSeconds.toFixed(1)} s for ${records.toLocaleString('en-US')} records`);

    await new Promise<void>((resolve) => explorer.listen(0, '127.0.0.1', resolve));
    const explorerPort = (explorer.address() as { port: number }).port;
    const cpuProf = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : [];
    const startProduct = async (name: string, extraEnv: Record<string, string>, core: number | null = serverCore) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = startNode([...cpuProf, ...serverNodeFlags, serverBundle], {
        core,
        logFile: path.join(workDir, `${name}.log`),
        env: { ...productEnv({ dataDir: workDir, port, clientDir, explorerPort }), DATABASE_URL: schema.url, ...extraEnv },
      });
      children.push(child);
      await waitForHttp(`${url}/healthz`, child);
      return { port, url, pid: child.pid!, child, stop: () => stop(child) };
    };

    // On PostgreSQL the lookup limit writes a row per request: from this one client every request would
    // wait on the same row, which no crowd of visitors does. Its cost is the limited leg's, with many visitors.
    const product = await startProduct('product', { LOOKUP_RATE_LIMIT: '0' });
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const bare = startNode([...serverNodeFlags, bareBundle!], {
      core: serverCore,
      logFile: path.join(workDir, 'bare.log'),
      env: { ...process.env, PORT: String(barePort), BENCH_DATABASE_URL: schema.url, BENCH_TIP_HEIGHT: String(benchTipHeight) },
    });
    children.push(bare);
    await waitForHttp(`${bareUrl}${topHoldersPath}`, bare);
    const checked = await assertSamePostgresAnswers(product.url, bareUrl, wallets);
    console.log(`answers checked: the bare routes answer as the product does (${checked.join(', ')})`);

    const rows: PostgresRow[] = [];
    const rssSamples: number[] = [];
    const runLeg = async (leg: string, target: { url: string; pid: number }, legPath: string, request: autocannon.Request, ratioGoal: number | null) => {
      let sampler: ReturnType<typeof sampleRss> | null = null;
      const result = await compare({ product: target.url, bare: bareUrl }, { product: target.pid, bare: bare.pid! }, [request], load, {
        start: () => (sampler = sampleRss(target.pid)),
        stop: () => rssSamples.push(...(sampler?.stop() ?? [])),
      }, meters);
      const row = { leg, path: legPath, ...result, ratioGoal };
      rows.push(row);
      printLegLine(row);
    };
    if (wanted('lookup')) await runLeg('lookup', product, lookupPath, lookupRequest(wallets), postgresGoals.lookupRatio);
    if (wanted('lookup-many')) await runLeg('lookup-many', product, lookupManyPath, lookupManyRequest(wallets), null);
    if (wanted('proof')) await runLeg('proof', product, proofPath, proofRequest(wallets, 'realistic'), null);
    if (wanted('top-holders')) await runLeg('top holders', product, topHoldersPath, { method: 'GET', path: topHoldersPath }, null);
    if (wanted('lookup-limited')) {
      const limited = await startProduct('product-limited', { TRUST_PROXY: 'true', LOOKUP_RATE_LIMIT: defaultLookupRateLimit });
      await assertSamePostgresAnswers(limited.url, bareUrl, wallets, { 'x-forwarded-for': '10.255.255.1' });
      console.log(`lookup-limited: a product with TRUST_PROXY=true and LOOKUP_RATE_LIMIT=${defaultLookupRateLimit}, each request from another visitor (X-Forwarded-For)`);
      await runLeg('lookup-limited', limited, lookupPath, manyVisitorsLookupRequest(wallets), postgresGoals.limitedLookupRatio);
      await stop(limited.child);
    }
    let scaleOut: ScaleOutRow[] = [];
    if (wanted('scale-out')) {
      // As docs/deploy.md runs them behind nginx; not pinned, as the processes of one machine share its cores.
      const startApp = (name: string) => startProduct(name, { TRUST_PROXY: 'true', LOOKUP_RATE_LIMIT: '0' }, null);
      scaleOut = await runScaleOutLeg({ startApp, workDir, request: lookupRequest(wallets), load, sharedMeters: meters });
      scaleOut.forEach(printScaleOutLine);
    }

    const open = await runOpenLoopLegs(
      { lookup: wanted('open-lookup'), proof: wanted('open-proof') },
      openLoad,
      {
        url: product.url,
        lookup: openLoopLookup(wallets, 'realistic'),
        proof: openLoopProof(wallets, 'realistic'),
        bareLookupRate: async () => {
          const measured = rows.find((row) => row.leg === 'lookup')?.bare.requestsPerSecond;
          if (measured !== undefined) return measured;
          const seconds = Math.min(load.seconds, 5);
          console.log(`lookup: the bare route alone for ${seconds} s at ${load.connections} connections, for the open-loop rate…`);
          return (await measure(bareUrl, bare.pid!, [lookupRequest(wallets)], { ...load, seconds })).requestsPerSecond;
        },
      },
      postgresGoals.openLoopRates,
    );

    const missed =
      rows.length === 0
        ? []
        : printPostgresTable(rows, rssSamples.length > 0 ? Math.max(...rssSamples) : null, { ...load, records, pinned: canPin });
    if (scaleOut.length > 0) missed.push(...printScaleOutTable(scaleOut, { ...load, loadGeneratorPinned: canPin }));
    if (open.length > 0) missed.push(...printOpenLoopLegs(open, postgresGoals.openLoop));
    printVerdict(missed);
    return 0;
  } finally {
    for (const child of children) await stop(child);
    explorer.close();
    if (args.keep) console.log(`kept ${workDir} and schema ${schema.name}`);
    else {
      await schema.drop();
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  }
}
