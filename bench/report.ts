import type { LoadResult } from './load.js';

export interface Row {
  endpoint: string;
  path: string;
  kind: 'cached' | 'query';
  product: LoadResult;
  bare: LoadResult;
}

/**
 * The goals: a ratio to the bare route and a p99 at 100 connections, per kind of endpoint; the lookup's
 * own against a bare route running one prepared statement on the same file, on the realistic data.
 */
export const goals = {
  cached: { ratio: 0.7, p99Ms: 5 },
  query: { ratio: 0.6, p99Ms: 15 },
  lookup: { ratio: 0.8, p99Ms: 15 },
  rssBytes: 200 * 1024 * 1024,
  soakGrowth: 0.1,
};

function cpuColumn(row: Row): string {
  const [product, bare] = [row.product.cpuMicrosPerRequest, row.bare.cpuMicrosPerRequest];
  if (product === null || bare === null) return 'n/a';
  return `${product.toFixed(0)} / ${bare.toFixed(0)} (${(bare / product).toFixed(2)})`;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const yes = (met: boolean) => (met ? 'yes' : 'NO');

/**
 * The failed and the shed (503 SERVER_BUSY) answers of closed-loop runs, told apart, or null when
 * there were none. Either makes the run invalid: a shed answer is cheap and not the work measured.
 */
export function notAnswered(...results: LoadResult[]): string | null {
  const failed = results.reduce((sum, result) => sum + result.failures, 0);
  const shed = results.reduce((sum, result) => sum + result.shed, 0);
  if (failed === 0 && shed === 0) return null;
  return [failed && `${failed} failed`, shed && `${shed} shed with 503 SERVER_BUSY`].filter(Boolean).join(', ');
}

/** The table of the compared endpoints; returns the goals missed. */
export function printTable(
  rows: Row[],
  lookupPeakRss: number | null,
  setup: { connections: number; seconds: number; records: number; shape: string; pinned: boolean },
): string[] {
  console.log(
    `\n${setup.records.toLocaleString('en-US')} allocation records (${setup.shape} data), ${setup.connections} connections, ${setup.seconds} s per run` +
      (setup.pinned ? ', servers on core 1, autocannon on core 0' : ', not pinned') +
      '\n',
  );
  console.log('| endpoint | product req/s | bare req/s | ratio | product p99 | bare p99 | goal | met | CPU µs/req product / bare (ratio) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const missed: string[] = [];
  for (const row of rows) {
    const goal = row.endpoint === 'lookup' ? goals.lookup : goals[row.kind];
    const ratio = row.product.requestsPerSecond / row.bare.requestsPerSecond;
    const invalid = notAnswered(row.product, row.bare);
    const met = invalid === null && ratio >= goal.ratio && row.product.p99Ms <= goal.p99Ms;
    if (!met) missed.push(row.endpoint);
    console.log(
      `| ${row.endpoint} (${row.path}) | ${Math.round(row.product.requestsPerSecond).toLocaleString('en-US')} | ` +
        `${Math.round(row.bare.requestsPerSecond).toLocaleString('en-US')} | ${ratio.toFixed(2)} | ${row.product.p99Ms} ms | ${row.bare.p99Ms} ms | ` +
        `≥ ${goal.ratio}×, p99 ≤ ${goal.p99Ms} ms | ${invalid === null ? yes(met) : `NO (${invalid})`} | ${cpuColumn(row)} |`,
    );
  }
  console.log(
    '\nCPU µs/req: the server\'s CPU time per answer; its ratio (bare / product) is what req/s would show on a\n' +
      'core of its own, and moves little when other processes share the machine.',
  );
  if (lookupPeakRss !== null) {
    console.log(`\nserver RSS, peak during the lookup run: ${mb(lookupPeakRss)} (goal ≤ ${mb(goals.rssBytes)}): ${yes(lookupPeakRss <= goals.rssBytes)}`);
    if (lookupPeakRss > goals.rssBytes) missed.push('server RSS');
  }
  return missed;
}

export function printVerdict(missed: string[]): void {
  console.log(missed.length === 0 ? '\nevery goal of this run met' : `\ngoals not met: ${missed.join(', ')}`);
}

/** Growth from the first to the last half-minute of the soak, each taken at its peak. */
export function printSoak(samples: number[], result: LoadResult): void {
  const window = Math.min(30, Math.floor(samples.length / 2));
  if (window === 0) {
    console.log('soak: too short to compare');
    return;
  }
  const first = Math.max(...samples.slice(0, window));
  const last = Math.max(...samples.slice(-window));
  const growth = last / first - 1;
  console.log(
    `soak: ${Math.round(result.requestsPerSecond).toLocaleString('en-US')} req/s, p99 ${result.p99Ms} ms, ` +
      `${notAnswered(result) ?? 'every answer 2xx'}; RSS ${mb(first)} → ${mb(last)} (${(growth * 100).toFixed(1)} %, ` +
      `goal ≤ ${goals.soakGrowth * 100} %): ${yes(growth <= goals.soakGrowth && notAnswered(result) === null)}`,
  );
}
