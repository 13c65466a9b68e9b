/**
 * The bench's open-loop legs: one endpoint of the product server at a steady rate (bench/open-loop.ts),
 * a warm-up and then rounds, against absolute goals: p99 ≤ 15 ms and every answer 200. A closed loop's
 * p99 at 100 connections is bounded by its throughput (Little's law); this is the latency a visitor
 * sees at a given load. A leg with a void round (the generator itself late) is void, not met. The
 * generator runs in this process, which `npm run bench` pins to the load core as it does for autocannon.
 */
import { median } from './load.js';
import { lookupPath } from './lookup-request.js';
import { maxLagP99Ms, openLoop, type OpenLoopRequest, type OpenLoopRound } from './open-loop.js';
import { proofPath } from './proof-leg.js';
import { yes } from './report.js';

export const openLoopGoals = { p99Ms: 15 };
/** Lookups at this share of the bare prepared-statement route's closed-loop throughput; proofs at a fixed rate. */
export const openLoopRates = { lookupShareOfBare: 0.5, proofsPerSecond: 1000 };

export interface OpenLoopLegOptions {
  warmUpSeconds: number;
  seconds: number;
  rounds: number;
}

export interface OpenLoopLeg {
  name: string;
  path: string;
  rate: number;
  rounds: OpenLoopRound[];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (value: number) => value.toLocaleString('en-US');

/** Warms up at the rate, then measures `rounds` rounds over the same connections; a line per round. */
async function runOpenLoopLeg(
  leg: { name: string; url: string; path: string; rate: number; basis: string; request: () => OpenLoopRequest },
  options: OpenLoopLegOptions,
): Promise<OpenLoopLeg> {
  const rate = Math.round(leg.rate);
  console.log(
    `${leg.name}: ${count(rate)} requests a second (${leg.basis}), open loop, ${options.warmUpSeconds} s warm-up, ${options.rounds} × ${options.seconds} s…`,
  );
  const load = openLoop(leg.url, { request: leg.request });
  try {
    if (options.warmUpSeconds > 0) await load.run(rate, options.warmUpSeconds);
    const rounds: OpenLoopRound[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      const result = await load.run(rate, options.seconds);
      rounds.push(result);
      console.log(
        `  round ${round}: p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, max ${ms(result.maxMs)}; ${answers(result)}; ` +
          `${count(result.peakInFlight)} in flight at most; generator lag p99 ${ms(result.lagP99Ms)}${result.void ? ' (void)' : ''}`,
      );
    }
    return { name: leg.name, path: leg.path, rate, rounds };
  } finally {
    await load.close();
  }
}

/** The selected legs, one after the other (never together): lookups, then proofs. */
export async function runOpenLoopLegs(
  selected: { lookup: boolean; proof: boolean },
  options: OpenLoopLegOptions,
  target: { url: string; lookup: () => OpenLoopRequest; proof: () => OpenLoopRequest; bareLookupRate: () => Promise<number> },
  rates: typeof openLoopRates = openLoopRates,
): Promise<OpenLoopLeg[]> {
  const legs: OpenLoopLeg[] = [];
  if (selected.lookup) {
    const bare = await target.bareLookupRate();
    const basis = `${rates.lookupShareOfBare} × the bare route's ${count(Math.round(bare))} req/s in this run`;
    const rate = bare * rates.lookupShareOfBare;
    legs.push(await runOpenLoopLeg({ name: 'open-lookup', url: target.url, path: lookupPath, rate, basis, request: target.lookup }, options));
  }
  if (selected.proof) {
    const rate = rates.proofsPerSecond;
    legs.push(await runOpenLoopLeg({ name: 'open-proof', url: target.url, path: proofPath, rate, basis: 'fixed', request: target.proof }, options));
  }
  return legs;
}

/** The rounds as one: medians of p50 and p99, the largest max and lag, the answers added up. */
function summary(leg: OpenLoopLeg) {
  const { rounds } = leg;
  const failed = new Map<string, number>();
  for (const round of rounds) for (const [key, value] of round.failed) failed.set(key, (failed.get(key) ?? 0) + value);
  const sum = (pick: (round: OpenLoopRound) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  return {
    sent: sum((round) => round.sent),
    ok: sum((round) => round.ok),
    shed: sum((round) => round.shed),
    failed,
    late: sum((round) => round.late),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    maxMs: Math.max(...rounds.map((round) => round.maxMs)),
    lagP99Ms: Math.max(...rounds.map((round) => round.lagP99Ms)),
    void: rounds.some((round) => round.void),
  };
}

function answers(result: Pick<OpenLoopRound, 'ok' | 'shed' | 'failed' | 'late'>): string {
  const other = [...result.failed].map(([key, value]) => `${count(value)} ${key}`).join(', ') || '0';
  return `${count(result.ok)} × 200, ${count(result.shed)} × 503 SERVER_BUSY, other ${other}; ${count(result.late)} late sends`;
}

/** The open-loop legs' table; returns the goals missed (a void leg among them). */
export function printOpenLoopLegs(legs: OpenLoopLeg[], goals: typeof openLoopGoals = openLoopGoals): string[] {
  console.log(
    `\nopen loop: uniform arrivals, each request timed from its scheduled send; void when the generator's own lag p99 > ${maxLagP99Ms} ms\n`,
  );
  console.log('| leg | rate | rounds | p50 | p99 | max | answers | generator lag p99 | goal | met |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const missed: string[] = [];
  for (const leg of legs) {
    const all = summary(leg);
    const met = !all.void && all.p99Ms <= goals.p99Ms && all.ok === all.sent;
    if (!met) missed.push(all.void ? `${leg.name} (void)` : leg.name);
    console.log(
      `| ${leg.name} (${leg.path}) | ${count(leg.rate)}/s | ${leg.rounds.length} × ${leg.rounds[0]?.seconds ?? 0} s | ${ms(all.p50Ms)} | ` +
        `${ms(all.p99Ms)} | ${ms(all.maxMs)} | ${answers(all)} | ${ms(all.lagP99Ms)} | p99 ≤ ${goals.p99Ms} ms, every answer 200 | ` +
        `${all.void ? 'VOID' : yes(met)} |`,
    );
  }
  return missed;
}
