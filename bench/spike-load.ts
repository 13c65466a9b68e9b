import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { errorCodeOf } from './error-code.js';
import { lookupRequest } from './lookup-request.js';
import { canPin, sampleRss } from './processes.js';

export interface SpikeOptions {
  connections: number;
  seconds: number;
  /** A client gives up on an answer after this long (autocannon then reconnects). */
  timeoutSeconds: number;
  /** Wallets of the data set; each request asks for one drawn at random. */
  wallets: number;
  /** The load generator's core: the health poller runs there too, not on the server's. */
  core: number;
}

export interface SpikeResult {
  ok: number;
  /** 503 SERVER_BUSY answers that carried Retry-After. */
  busy: number;
  /** Any other answer, by "status code" (e.g. "503 SERVER_BUSY without Retry-After", "500 INTERNAL"). */
  other: Map<string, number>;
  timeouts: number;
  /** Connection errors by code (ECONNRESET, ECONNREFUSED, …). */
  errors: Map<string, number>;
  /** Times of the 200 answers in ms, sorted. */
  okMs: Float64Array;
  /** Times of the SERVER_BUSY answers in ms, sorted. */
  busyMs: Float64Array;
  /** Each /healthz poll's time in ms, -1 when unanswered (not 200 within the timeout). */
  healthMs: number[];
  peakRssBytes: number;
}

/** A growing list of numbers without one JS array slot per answer. */
class Samples {
  private values = new Float64Array(1 << 16);
  private length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/** Starts the poller; resolves once its connection is open, to the promise of its polls' times. */
function startHealthPoller(url: string, seconds: number, core: number): Promise<{ polls: Promise<number[]> }> {
  const args = [...process.execArgv, 'bench/healthz-poller.ts', url, String(seconds), '200', '10000'];
  const [command, commandArgs] = canPin ? ['taskset', ['-c', String(core), process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const polls = new Promise<number[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output.slice(output.indexOf('\n') + 1)) as number[]) : reject(new Error(`health poller exited with ${code}`)),
    );
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith('ready\n')) resolve({ polls });
    });
    polls.catch(reject);
  });
}

/**
 * The spike: `connections` clients on the lookup for `seconds`, each sending its next request as soon
 * as the last is answered (a 503 included: a crowd does not wait for Retry-After), while /healthz is
 * polled beside it and the server's RSS sampled. `progress` gets a line every five seconds.
 */
export async function spike(baseUrl: string, serverPid: number, options: SpikeOptions, progress: (line: string) => void): Promise<SpikeResult> {
  const result = { ok: 0, busy: 0, other: new Map<string, number>(), timeouts: 0, errors: new Map<string, number>() };
  const okMs = new Samples();
  const busyMs = new Samples();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  const health = await startHealthPoller(`${baseUrl}/healthz`, options.seconds, options.core);
  const rss = sampleRss(serverPid, 100);
  const load: autocannon.Options = {
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: options.timeoutSeconds,
    requests: [
      {
        ...lookupRequest(options.wallets),
        onResponse: (status, body, _context, headers) => {
          if (status === 200) return;
          const code = errorCodeOf(body);
          const retryAfter = (headers as Record<string, string | undefined>)['retry-after'];
          if (status === 503 && code === 'SERVER_BUSY' && retryAfter !== undefined && Number(retryAfter) > 0) result.busy++;
          else count(result.other, `${status} ${code}${status === 503 && !retryAfter ? ' without Retry-After' : ''}`);
        },
      },
    ],
  };
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(load, (error, result) => (error ? reject(error) : resolve(result)));
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    if (status === 200) {
      result.ok++;
      okMs.push(responseTime);
    } else if (status === 503) busyMs.push(responseTime);
  });
  instance.on('reqError', (error: NodeJS.ErrnoException) => {
    if (error.message === 'request timed out') result.timeouts++;
    else count(result.errors, error.code ?? error.message);
  });
  const ticker = setInterval(
    () => progress(`  ${result.ok} × 200, ${result.busy} × 503 SERVER_BUSY, ${result.timeouts} timeouts, ${[...result.errors.values()].reduce((a, b) => a + b, 0)} errors so far`),
    5000,
  );
  try {
    await finished;
    const healthMs = await health.polls;
    const samples = rss.stop();
    return { ...result, okMs: okMs.sorted(), busyMs: busyMs.sorted(), healthMs, peakRssBytes: samples.length ? Math.max(...samples) : 0 };
  } finally {
    clearInterval(ticker);
    rss.stop();
  }
}
