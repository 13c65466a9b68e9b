/**
 * Does a backup stall readers? A million allocation records (bench/bench-data.ts), the app answering
 * lookups at a steady rate (open loop: a request is sent on schedule whether or not the last one has
 * answered, so a stall shows in the latencies instead of hiding as fewer requests), measured:
 *   1. with no backup running,
 *   2. while the server process takes a backup itself (as a scheduled backup does),
 *   3. while `npm run backup` runs in another process.
 * The three phases alternate for N rounds, so load from elsewhere on the machine falls on each alike.
 * Prints p50, p99 and the slowest answer of each phase over all rounds and how long the backups took.
 *
 *   npx tsx bench/backup-readers.bench.ts [--records 1000000] [--rate 200] [--seconds 10] [--rounds 3]
 */
import { type ChildProcess, execFile, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchWallet, loadBenchData } from './bench-data.js';

const { values } = parseArgs({
  options: { records: { type: 'string', default: '1000000' }, rate: { type: 'string', default: '200' }, seconds: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' } },
});
const records = Number(values.records);
const rate = Number(values.rate);
const baselineSeconds = Number(values.seconds);
const rounds = Number(values.rounds);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-backup-bench-'));
const dataDir = path.join(work, 'data');
const backups = path.join(work, 'backups');
const port = 20_000 + Math.floor(Math.random() * 20_000);
const env = { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backups, PORT: String(port), LOG_LEVEL: 'silent', DEMO_DATA: 'false', DATABASE_URL: '', LOOKUP_RATE_LIMIT: '0' };

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function lookup(wallet: string): Promise<number> {
  const body = JSON.stringify({ walletAddress: wallet });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/api/allocation/lookup', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`lookup answered ${response.statusCode}`))));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Lookups at `rate` per second until `until` settles; every latency in ms. */
async function steadyLookups(until: Promise<unknown>): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let sent = 0; !done; sent += 1) {
    const due = start + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      lookup(benchWallet(Math.floor(Math.random() * (records / 4)))).then(
        (ms) => void latencies.push(ms),
        () => void (errors += 1),
      ),
    );
  }
  await Promise.all(pending);
  return { latencies, errors };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

interface Measured {
  latencies: number[];
  errors: number;
}

function summary(name: string, { latencies, errors }: Measured, backupMs?: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  const took = backupMs === undefined ? '' : `  backups took ${backupMs.map((one) => (one / 1000).toFixed(1)).join(', ')} s`;
  console.log(`${name.padEnd(34)} ${String(sorted.length).padStart(6)} lookups  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)}  errors ${errors}${took}`);
}

function waitFor(child: ChildProcess, kind: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listen = (message: { kind: string }) => {
      if (message.kind !== kind) return;
      child.off('message', listen);
      resolve(message as Record<string, unknown>);
    };
    child.on('message', listen);
  });
}

console.error(`loading ${records.toLocaleString('en-US')} allocation records into ${dataDir}`);
await loadBenchData(dataDir, records);
console.error(`database: ${(fs.statSync(path.join(dataDir, 'app.sqlite')).size / 1024 / 1024).toFixed(0)} MB; lookups at ${rate}/s`);

const server = fork(path.join(import.meta.dirname, 'backup-server.ts'), { env, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
try {
  await waitFor(server, 'ready');
  // Warm-up: the first lookups compile the routes' code paths.
  await steadyLookups(new Promise((resolve) => setTimeout(resolve, 2000)));

  const phases = { none: { latencies: [], errors: 0 } as Measured, inProcess: { latencies: [], errors: 0 } as Measured, cli: { latencies: [], errors: 0 } as Measured };
  const took = { inProcess: [] as number[], cli: [] as number[] };
  const add = (into: Measured, measured: Measured) => {
    into.latencies.push(...measured.latencies);
    into.errors += measured.errors;
  };
  for (let round = 1; round <= rounds; round += 1) {
    console.error(`round ${round} of ${rounds}`);
    add(phases.none, await steadyLookups(new Promise((resolve) => setTimeout(resolve, baselineSeconds * 1000))));

    const inProcess = waitFor(server, 'backed-up');
    server.send({ kind: 'backup', to: backups });
    add(phases.inProcess, await steadyLookups(inProcess));
    took.inProcess.push(Number((await inProcess).ms));

    const cliStarted = performance.now();
    const cli = new Promise<number>((resolve, reject) => {
      execFile(path.join('node_modules/.bin/tsx'), ['scripts/backup.ts'], { env }, (error) => (error ? reject(error) : resolve(performance.now() - cliStarted)));
    });
    add(phases.cli, await steadyLookups(cli));
    took.cli.push(await cli);
  }
  summary('no backup', phases.none);
  summary('backup in the server process', phases.inProcess, took.inProcess);
  summary('npm run backup (another process)', phases.cli, took.cli);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(work, { recursive: true, force: true });
}
