import autocannon from 'autocannon';
import { isShedBody } from './error-code.js';
import { cpuMsOf } from './processes.js';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  /** 503 SERVER_BUSY answers: requests the server shed (load shedding), counted apart from failures. */
  shed: number;
  /** Other answers than 2xx and shed ones, errors and timeouts: any makes the run invalid. */
  failures: number;
  /**
   * The server's CPU time per answer in microseconds: unlike req/s, barely moved by other processes
   * taking turns on the server's core (null when the server's pid is not known).
   */
  cpuMicrosPerRequest: number | null;
  /** The same per answer for each other process (or group of them) metered during the run, by name. */
  otherCpuMicrosPerRequest: Record<string, number | null>;
}

/** CPU time used so far by something other than the server measured (its database, the load generator), in ms. */
export type CpuMeters = Record<string, () => number | null>;

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  /** The measured time is split into this many alternating product/baseline runs. */
  rounds: number;
}

/** The middle value (the upper one of an even count): one round disturbed by another process does not decide it. */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function run(url: string, requests: autocannon.Request[], connections: number, seconds: number, pid?: number, meters: CpuMeters = {}) {
  let shed = 0;
  // The body's start, not its parse nor an `onResponse` hook (for which autocannon builds an object of
  // the headers per answer): the load core's cost per answer caps what the bare routes can show.
  const verifyBody = (body: unknown) => {
    if (typeof body === 'string' && isShedBody(body)) shed++;
    return true;
  };
  const cpuBefore = pid === undefined ? null : cpuMsOf(pid);
  const othersBefore = readMeters(meters);
  const result = await autocannon({ url, requests, connections, duration: seconds, verifyBody });
  const othersAfter = readMeters(meters);
  const cpuAfter = pid === undefined ? null : cpuMsOf(pid);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99Ms: result.latency.p99,
    shed,
    failures: result.non2xx - shed + result.errors + result.timeouts,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    otherCpuMs: Object.fromEntries(
      Object.keys(meters).map((name) => {
        const [before, after] = [othersBefore[name], othersAfter[name]];
        return [name, before === null || after === null || before === undefined || after === undefined ? null : after - before];
      }),
    ),
  };
}

function readMeters(meters: CpuMeters): Record<string, number | null> {
  return Object.fromEntries(Object.entries(meters).map(([name, read]) => [name, read()]));
}

function perRequest(runs: { requests: number }[], cpuMs: (number | null)[]): number | null {
  if (cpuMs.some((ms) => ms === null)) return null;
  return (cpuMs.reduce<number>((sum, ms) => sum + ms!, 0) * 1000) / runs.reduce((sum, one) => sum + one.requests, 0);
}

function combine(runs: Awaited<ReturnType<typeof run>>[]): LoadResult {
  return {
    requestsPerSecond: runs.reduce((sum, one) => sum + one.requests, 0) / runs.reduce((sum, one) => sum + one.seconds, 0),
    p99Ms: median(runs.map((one) => one.p99Ms)),
    shed: runs.reduce((sum, one) => sum + one.shed, 0),
    failures: runs.reduce((sum, one) => sum + one.failures, 0),
    cpuMicrosPerRequest: perRequest(runs, runs.map((one) => one.cpuMs)),
    otherCpuMicrosPerRequest: Object.fromEntries(
      Object.keys(runs[0]?.otherCpuMs ?? {}).map((name) => [name, perRequest(runs, runs.map((one) => one.otherCpuMs[name] ?? null))]),
    ),
  };
}

/** One server alone: the soak. */
export async function measure(
  url: string,
  pid: number,
  requests: autocannon.Request[],
  options: Omit<LoadOptions, 'rounds'>,
): Promise<LoadResult> {
  if (options.warmUpSeconds > 0) await run(url, requests, options.connections, options.warmUpSeconds);
  return combine([await run(url, requests, options.connections, options.seconds, pid)]);
}

/**
 * The product and its baseline under the same load: each warmed up, then measured in alternating
 * rounds, so a change in the machine's other load during the run touches both alike.
 */
export async function compare(
  urls: { product: string; bare: string },
  pids: { product: number; bare: number },
  requests: autocannon.Request[],
  options: LoadOptions,
  duringProduct: { start(): void; stop(): void } = { start() {}, stop() {} },
  meters: CpuMeters = {},
): Promise<{ product: LoadResult; bare: LoadResult }> {
  const roundSeconds = Math.max(1, Math.round(options.seconds / options.rounds));
  const product = [];
  const bare = [];
  duringProduct.start();
  if (options.warmUpSeconds > 0) await run(urls.product, requests, options.connections, options.warmUpSeconds);
  duringProduct.stop();
  if (options.warmUpSeconds > 0) await run(urls.bare, requests, options.connections, options.warmUpSeconds);
  for (let round = 0; round < options.rounds; round++) {
    duringProduct.start();
    product.push(await run(urls.product, requests, options.connections, roundSeconds, pids.product, meters));
    duringProduct.stop();
    bare.push(await run(urls.bare, requests, options.connections, roundSeconds, pids.bare, meters));
  }
  return { product: combine(product), bare: combine(bare) };
}

/** Load that is not measured: the server's JIT and its database connections warmed. */
export async function warmUp(url: string, requests: autocannon.Request[], options: Omit<LoadOptions, 'seconds' | 'rounds'>): Promise<void> {
  if (options.warmUpSeconds > 0) await run(url, requests, options.connections, options.warmUpSeconds);
}

/**
 * Several set-ups under the same load, each metered by its own `meters`: each warmed up, then measured
 * in turns for `rounds` rounds, so a change in the machine's other load touches all alike.
 */
export async function measureInTurns(
  targets: { url: string; meters: CpuMeters }[],
  requests: autocannon.Request[],
  options: LoadOptions,
): Promise<LoadResult[]> {
  const roundSeconds = Math.max(1, Math.round(options.seconds / options.rounds));
  for (const target of targets) await warmUp(target.url, requests, options);
  const runs: Awaited<ReturnType<typeof run>>[][] = targets.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, target] of targets.entries()) {
      runs[index]!.push(await run(target.url, requests, options.connections, roundSeconds, undefined, target.meters));
    }
  }
  return runs.map(combine);
}
