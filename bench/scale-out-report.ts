import { loadGeneratorMeter, postgresMeter } from './postgres-report.js';
import { notAnswered } from './report.js';
import { appMeter, nginxMeter, type ScaleOutRow } from './scale-out-leg.js';

const machineCores = [4, 8, 16];

const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const micros = (value: number | null) => (value === null ? 'n/a' : value.toFixed(0));

/** The sum of the figures, or null when one is not known. */
function sum(values: (number | null | undefined)[]): number | null {
  return values.some((value) => value === null || value === undefined) ? null : values.reduce<number>((total, value) => total + value!, 0);
}

function cpuParts(row: ScaleOutRow) {
  const meters = row.result.otherCpuMicrosPerRequest;
  const perApp = Array.from({ length: row.apps }, (_, index) => meters[appMeter(index)] ?? null);
  const app = sum(perApp);
  const nginx = row.behindNginx ? (meters[nginxMeter] ?? null) : 0;
  const postgres = meters[postgresMeter] ?? null;
  return { perApp, app, nginx, postgres, loadGenerator: meters[loadGeneratorMeter] ?? null, wholeSystem: sum([app, nginx, postgres]) };
}

/** One set-up's line as the leg ends, with whether its answers were all 2xx. */
export function printScaleOutLine(row: ScaleOutRow): void {
  const invalid = notAnswered(row.result);
  console.log(
    `scale-out (${row.setUp}): ${rate(row.result.requestsPerSecond)} req/s, p99 ${row.result.p99Ms} ms` +
      (invalid === null ? '' : ` (${invalid}: the run is not valid)`),
  );
}

/** The leg's table and what a machine of more cores would carry; returns the set-ups whose runs were not valid. */
export function printScaleOutTable(rows: ScaleOutRow[], setup: { connections: number; seconds: number; loadGeneratorPinned: boolean }): string[] {
  console.log(
    `\nscale-out: the lookup (limit off), ${setup.connections} connections, ${setup.seconds} s per set-up in turns; ` +
      (setup.loadGeneratorPinned ? 'only the load generator pinned (core 0), ' : 'nothing pinned, ') +
      'the app processes, nginx and PostgreSQL on any core. nginx runs ' +
      'deploy/nginx/acorn.conf with its ports, cache folder and a lookup burst no one address reaches filled in, ' +
      'worker_processes auto, its access log on\n',
  );
  console.log('| set-up | req/s | p99 | CPU µs/answer: app (per process) | nginx | PostgreSQL | load generator | whole system |');
  console.log('|---|---|---|---|---|---|---|---|');
  const invalid: string[] = [];
  for (const row of rows) {
    const cpu = cpuParts(row);
    const notValid = notAnswered(row.result);
    if (notValid !== null) invalid.push(`scale-out (${row.setUp})`);
    console.log(
      `| ${row.setUp}${notValid === null ? '' : ` (${notValid})`} | ${rate(row.result.requestsPerSecond)} | ${row.result.p99Ms} ms | ` +
        `${micros(cpu.app)}${row.apps > 1 ? ` (${cpu.perApp.map(micros).join(' + ')})` : ''} | ${row.behindNginx ? micros(cpu.nginx) : '–'} | ` +
        `${micros(cpu.postgres)} | ${micros(cpu.loadGenerator)} | ${micros(cpu.wholeSystem)} |`,
    );
  }
  console.log(
    '\nCPU µs/answer: each process\'s CPU time over the answers of the set-up (an app process\'s share of all of them);\n' +
      'whole system = app + nginx + PostgreSQL, the load generator left out. A machine of K cores carries about\n' +
      'K × 1,000,000 / whole system answers a second:',
  );
  for (const row of rows) {
    const { wholeSystem } = cpuParts(row);
    const carried = machineCores.map((cores) => `K = ${cores}: ${wholeSystem === null ? 'n/a' : `${rate((cores * 1_000_000) / wholeSystem)}/s`}`);
    console.log(`  ${row.setUp}: ${micros(wholeSystem)} µs → ${carried.join(', ')}`);
  }
  console.log(
    'An estimate that assumes the work is CPU-bound, PostgreSQL on the same machine, no I/O wait, and the app processes ' +
      'scaling linearly as processes are added.',
  );
  return invalid;
}
