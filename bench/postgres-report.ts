import type { LoadResult } from './load.js';
import { mb, notAnswered, yes } from './report.js';

export interface PostgresRow {
  leg: string;
  path: string;
  product: LoadResult;
  bare: LoadResult;
  /** The least product/bare ratio wanted, when the leg has a goal. */
  ratioGoal: number | null;
}

/** The PostgreSQL bench's goals (the issue's): ratios to the bare pg route, open-loop p99s, the server's RSS. */
export const postgresGoals = {
  lookupRatio: 0.6,
  limitedLookupRatio: 0.5,
  openLoop: { p99Ms: 25 },
  openLoopRates: { lookupShareOfBare: 0.5, proofsPerSecond: 500 },
  rssBytes: 200 * 1024 * 1024,
};

/** Names of the processes metered beside the servers, as LoadResult's otherCpuMicrosPerRequest holds them. */
export const postgresMeter = 'postgres';
export const loadGeneratorMeter = 'load generator';

const rate = (value: number) => Math.round(value).toLocaleString('en-US');

function cpuPair(product: number | null | undefined, bare: number | null | undefined): string {
  if (product === null || product === undefined || bare === null || bare === undefined) return 'n/a';
  return `${product.toFixed(0)} / ${bare.toFixed(0)}`;
}

/** One leg's line as it ends, with whether its answers were all 2xx. */
export function printLegLine(row: PostgresRow): void {
  const invalid = notAnswered(row.product, row.bare);
  console.log(
    `${row.leg}: product ${rate(row.product.requestsPerSecond)} req/s, bare ${rate(row.bare.requestsPerSecond)} req/s` +
      (invalid === null ? '' : ` (${invalid}: the run is not valid)`),
  );
}

/** The table of the closed-loop legs, CPU per answer told apart by process; returns the goals missed. */
export function printPostgresTable(
  rows: PostgresRow[],
  peakRss: number | null,
  setup: { connections: number; seconds: number; records: number; pinned: boolean },
): string[] {
  console.log(
    `\n${setup.records.toLocaleString('en-US')} allocation records (realistic data) on PostgreSQL, ${setup.connections} connections, ${setup.seconds} s per run` +
      (setup.pinned ? ', servers on core 1, autocannon on core 0, PostgreSQL not pinned' : ', not pinned') +
      '\n',
  );
  console.log('| leg | product req/s | bare req/s | ratio | product p99 | bare p99 | goal | met | CPU µs/answer product / bare: app | PostgreSQL | load generator |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const missed: string[] = [];
  for (const row of rows) {
    const ratio = row.product.requestsPerSecond / row.bare.requestsPerSecond;
    const invalid = notAnswered(row.product, row.bare);
    const met = invalid === null && (row.ratioGoal === null || ratio >= row.ratioGoal);
    if (!met) missed.push(row.leg);
    const [product, bare] = [row.product.otherCpuMicrosPerRequest, row.bare.otherCpuMicrosPerRequest];
    console.log(
      `| ${row.leg} (${row.path}) | ${rate(row.product.requestsPerSecond)} | ${rate(row.bare.requestsPerSecond)} | ${ratio.toFixed(2)} | ` +
        `${row.product.p99Ms} ms | ${row.bare.p99Ms} ms | ${row.ratioGoal === null ? 'every answer 2xx' : `≥ ${row.ratioGoal}×`} | ` +
        `${invalid === null ? yes(met) : `NO (${invalid})`} | ${cpuPair(row.product.cpuMicrosPerRequest, row.bare.cpuMicrosPerRequest)} | ` +
        `${cpuPair(product[postgresMeter], bare[postgresMeter])} | ${cpuPair(product[loadGeneratorMeter], bare[loadGeneratorMeter])} |`,
    );
  }
  console.log(
    '\nCPU µs/answer: each process\'s CPU time per answer while the product, then the bare route, was measured: the app\n' +
      '(the server process), PostgreSQL (every process of its cluster, from /proc) and the load generator (this process).',
  );
  if (peakRss !== null) {
    console.log(`\nserver RSS, peak under load: ${mb(peakRss)} (goal ≤ ${mb(postgresGoals.rssBytes)}): ${yes(peakRss <= postgresGoals.rssBytes)}`);
    if (peakRss > postgresGoals.rssBytes) missed.push('server RSS');
  }
  return missed;
}
