import type { SpikeResult } from './spike-load.js';

/** The spike's goals, for the run with shedding on. */
export const spikeGoals = {
  okP99Ms: 250,
  /** Every /healthz poll answered within this. */
  healthMaxMs: 1000,
  rssBytes: 300 * 1024 * 1024,
};

const sum = (map: Map<string, number>) => [...map.values()].reduce((total, value) => total + value, 0);
const list = (map: Map<string, number>) => (map.size === 0 ? '0' : [...map].map(([key, value]) => `${value} ${key}`).join(', '));
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value).toLocaleString('en-US')} ms`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const yes = (met: boolean) => (met ? 'yes' : 'NO');

function percentile(sorted: ArrayLike<number>, fraction: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

interface Goal {
  name: string;
  met: boolean;
}

/** Whether each goal holds for one run. */
export function goalsOf(result: SpikeResult): Goal[] {
  const health = result.healthMs;
  return [
    {
      name: 'every answer 200 or 503 SERVER_BUSY with Retry-After, no reset, no timeout',
      met: result.other.size === 0 && result.errors.size === 0 && result.timeouts === 0,
    },
    { name: `p99 of the 200s ≤ ${spikeGoals.okP99Ms} ms`, met: result.ok > 0 && percentile(result.okMs, 0.99)! <= spikeGoals.okP99Ms },
    {
      name: `/healthz answered throughout (every poll < ${spikeGoals.healthMaxMs} ms)`,
      met: health.length > 0 && health.every((time) => time >= 0 && time < spikeGoals.healthMaxMs),
    },
    { name: `server peak RSS ≤ ${mb(spikeGoals.rssBytes)}`, met: result.peakRssBytes <= spikeGoals.rssBytes },
  ];
}

function rowsOf(result: SpikeResult): string[] {
  const answered = result.healthMs.filter((time) => time >= 0).sort((a, b) => a - b);
  const total = result.ok + result.busy + sum(result.other);
  return [
    `${total.toLocaleString('en-US')}`,
    `${result.ok.toLocaleString('en-US')}`,
    `${result.busy.toLocaleString('en-US')}`,
    list(result.other),
    `${result.timeouts}`,
    list(result.errors),
    `${ms(percentile(result.okMs, 0.5))} / ${ms(percentile(result.okMs, 0.99))} / ${ms(percentile(result.okMs, 1))}`,
    `${ms(percentile(result.busyMs, 0.5))} / ${ms(percentile(result.busyMs, 0.99))}`,
    `${ms(percentile(answered, 0.5))} / ${ms(percentile(answered, 0.9))} / ${ms(percentile(answered, 1))}`,
    `${result.healthMs.filter((time) => time < 0 || time >= spikeGoals.healthMaxMs).length} of ${result.healthMs.length}` +
      (result.healthMs.some((time) => time < 0) ? ` (${result.healthMs.filter((time) => time < 0).length} unanswered)` : ''),
    mb(result.peakRssBytes),
  ];
}

const measures = [
  'answers',
  '200',
  '503 SERVER_BUSY with Retry-After',
  'any other answer',
  'timeouts (client gives up at 10 s)',
  'resets and other connection errors',
  '200s: p50 / p99 / max',
  '503s: p50 / p99',
  '/healthz: p50 / p90 / max',
  '/healthz polls over 1 s or unanswered',
  'server peak RSS',
];

/** The table of one run: shedding on and off side by side, then the goals for the run with shedding on. */
export function printSpikeTable(on: SpikeResult, off: SpikeResult): Goal[] {
  const [onRows, offRows] = [rowsOf(on), rowsOf(off)];
  console.log('| | shedding on | shedding off |');
  console.log('|---|---|---|');
  measures.forEach((measure, index) => console.log(`| ${measure} | ${onRows[index]} | ${offRows[index]} |`));
  const goals = goalsOf(on);
  const offGoals = goalsOf(off);
  console.log('\n| goal | shedding on | shedding off |');
  console.log('|---|---|---|');
  goals.forEach((goal, index) => console.log(`| ${goal.name} | ${yes(goal.met)} | ${yes(offGoals[index]!.met)} (not a goal) |`));
  return goals;
}
