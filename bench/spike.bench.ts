/**
 * `npm run bench -- --spike`: the launch spike. Loads a million allocation records into a fresh SQLite
 * DATA_DIR, then for each run starts the compiled product server twice (load shedding on with the
 * thresholds of this environment — the defaults unless SHED_* are set —, and off with
 * SHED_EVENT_LOOP_DELAY_MS=0), each on core 1, and puts 2,000 connections on `POST /api/allocation/lookup`
 * for 20 s from core 0 (wallets drawn across the data set, a client timeout of 10 s) while a separate
 * process polls `GET /healthz` every 200 ms over a connection of its own. Prints each run's table (on
 * and off side by side, the database named in its header line) and whether each goal holds with
 * shedding on; exits 1 when one does not, 2 when the open-files limit is too low for the connections.
 *
 * `--database postgres` runs it on PostgreSQL: the same realistic list loaded as the PostgreSQL bench
 * loads it (bench/postgres-data.ts) into a fresh schema (bench/postgres-schema.ts) on the server
 * DATABASE_URL names, or on a throwaway cluster started by scripts/with-postgres.sh, the schema dropped
 * at the end. The product gets DATABASE_URL and the lookup limit off, and its default thresholds there
 * include SHED_POOL_WAIT_MS (100 ms: a call waiting that long for a pool connection sheds new API calls).
 * The goals are the same.
 *
 *   npm run bench -- --spike [--database sqlite|postgres] [--runs 1] [--connections 2000] [--seconds 20]
 *                            [--records 1000000] [--only on|off] [--keep]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildClient, clientBuildIsStale } from '../scripts/client-build.js';
import { freePort } from '../scripts/free-port.js';
import { buildServer, serverBuildIsStale, serverBundle, serverNodeFlags } from '../scripts/server-build.js';
import { benchAsOfBlock } from './bench-data.js';
import { canPin, pinThisProcess, startNode, stop, waitForHttp } from './processes.js';
import { lookupRequest } from './lookup-request.js';
import { openSpikeDatabase, type SpikeDatabaseKind, spikeDatabaseKinds } from './spike-database.js';
import { spike, type SpikeResult } from './spike-load.js';
import { printSpikeTable } from './spike-report.js';
import { rerunWithThrowawayPostgres } from './throwaway-postgres.js';

const serverCore = 1;
const nodeMajor = Number(process.versions.node.split('.')[0]);
// docs/performance.md, "Launch spike": Node 20's server leaves connections waiting to be accepted.
// Measured on SQLite only, so the hint is given there only.
const olderNodeHint = `This run used Node ${process.version}; the goals were measured met on Node 26: bash scripts/with-node26.sh npm run bench -- --spike`;
const loadCore = 0;

/** The soft limit on open files of this process (Node raises it to the hard limit at start-up). */
function openFilesLimit(): number {
  const match = /Max open files\s+(\d+|unlimited)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
  return !match || match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
}

/** Runs the spike bench with the command line's arguments; resolves to the process's exit code. */
export async function runSpike(argv: string[]): Promise<number> {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      spike: { type: 'boolean' },
      database: { type: 'string', default: 'sqlite' },
      records: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '2000' },
      runs: { type: 'string', default: '1' },
      only: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const connections = Number(args.connections);
  const seconds = Number(args.seconds);
  const records = Number(args.records);
  const databaseKind = args.database as SpikeDatabaseKind;
  if (!spikeDatabaseKinds.includes(databaseKind)) throw new Error('--database: sqlite (the default) or postgres');
  const databaseUrl = process.env.DATABASE_URL?.trim();
  // Before pinning: the throwaway cluster would inherit the load generator's core.
  if (databaseKind === 'postgres' && !databaseUrl) return rerunWithThrowawayPostgres();

  // Each connection is a file descriptor here and another in the server (a child: the same limit).
  const needed = connections + 200;
  if (openFilesLimit() < needed) {
    console.error(`${connections} connections need at least ${needed} open files per process; this shell allows ${openFilesLimit()}. Run \`ulimit -n ${needed}\` (raise the hard limit as root if it is lower) and try again.`);
    return 2;
  }

  pinThisProcess(loadCore);
  if (!canPin) console.log('note: fewer than 2 cores or no taskset; server and load generator share the CPU');
  if (serverBuildIsStale()) {
    console.log('building the server…');
    await buildServer();
  }
  const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
  if (!process.env.CLIENT_DIR && clientBuildIsStale(clientDir)) {
    console.log('building the client…');
    buildClient(clientDir);
  }

  const database = await openSpikeDatabase(databaseKind, databaseUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-spike-'));
  const explorer = http.createServer((_request, response) => response.end(String(benchAsOfBlock + 123)));
  try {
    const wallets = await database.load(dataDir, records);
    await new Promise<void>((resolve) => explorer.listen(0, '127.0.0.1', resolve));
    const explorerPort = (explorer.address() as { port: number }).port;

    const onEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('SHED_')));
    const onLabel = Object.keys(onEnv).length ? Object.entries(onEnv).map(([name, value]) => `${name}=${value}`).join(' ') : 'default thresholds';
    const modes = [
      { name: 'on', env: {}, label: `shedding on (${onLabel})` },
      { name: 'off', env: { SHED_EVENT_LOOP_DELAY_MS: '0' }, label: 'shedding off (SHED_EVENT_LOOP_DELAY_MS=0)' },
    ].filter((mode) => !args.only || args.only === mode.name);

    let failed = false;
    for (let run = 1; run <= Number(args.runs); run++) {
      const results = new Map<string, SpikeResult>();
      for (const mode of modes) {
        console.log(`run ${run}: ${mode.label}: ${connections} connections on the lookup for ${seconds} s…`);
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const server = startNode([...serverNodeFlags, serverBundle], {
          core: serverCore,
          logFile: path.join(dataDir, `server-${run}-${mode.name}.log`),
          env: {
            ...process.env,
            ...mode.env,
            ...database.productEnv(dataDir),
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: url,
            CLIENT_DIR: clientDir,
            BLOCK_HEIGHT_URLS: `http://127.0.0.1:${explorerPort}/`,
            NODE_ENV: 'production',
          },
        });
        try {
          await waitForHttp(`${url}/healthz`, server);
          await warmUp(url, wallets);
          const result = await spike(url, server.pid!, { connections, seconds, timeoutSeconds: 10, wallets, core: loadCore }, console.log);
          results.set(mode.name, result);
        } finally {
          await stop(server);
        }
      }
      const on = results.get('on');
      const off = results.get('off');
      console.log(`\nrun ${run}: ${records.toLocaleString('en-US')} allocation records on ${database.name}, ${connections} connections for ${seconds} s` +
        `${canPin ? ', server on core 1, load on core 0' : ''}, Node ${process.version}; shedding on: ${onLabel}\n`);
      if (on && off) {
        const goals = printSpikeTable(on, off);
        const missed = goals.filter((goal) => !goal.met);
        console.log(missed.length === 0 ? '\nevery goal met with shedding on' : `\ngoals not met with shedding on: ${missed.map((goal) => goal.name).join('; ')}`);
        if (missed.length && nodeMajor < 26 && databaseKind === 'sqlite') console.log(olderNodeHint);
        if (missed.length) failed = true;
      } else {
        const only = (on ?? off)!;
        const goals = printSpikeTable(only, only);
        console.log('\n(one mode only: both columns show it)');
        if (on && goals.some((goal) => !goal.met)) failed = true;
      }
    }
    return failed ? 1 : 0;
  } finally {
    explorer.close();
    if (args.keep) console.log(`kept ${dataDir}${database.schemaName ? ` and schema ${database.schemaName}` : ''}`);
    else {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** A server that has just started compiles its hot paths in the first seconds; a spike meets a warm one. */
async function warmUp(url: string, wallets: number): Promise<void> {
  await autocannon({
    url,
    connections: 20,
    duration: 3,
    requests: [lookupRequest(wallets)],
  });
  // The loop's delay samples of the warm-up pass before the spike begins.
  await new Promise((resolve) => setTimeout(resolve, 1500));
}
