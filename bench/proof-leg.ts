/**
 * The bench's proof leg: `GET /api/allocation/proof` has no baseline; it is measured in absolute
 * numbers against its goals: the first proof after the server starts (one request, from send to
 * answer), then proofs under load, and the server's peak RSS from the first proof to the end.
 */
import type autocannon from 'autocannon';
import { benchWallet, type DataShape } from './bench-data.js';
import { type LoadOptions, type LoadResult, measure } from './load.js';
import type { OpenLoopRequest } from './open-loop.js';
import { rssOf, sampleRss } from './processes.js';
import { mb, notAnswered, yes } from './report.js';

export const proofPath = '/api/allocation/proof';

export const proofGoals = { firstProofMs: 100, p99Ms: 15, rssBytes: 200 * 1024 * 1024 };

export interface ProofLegResult {
  rssBeforeBytes: number | null;
  firstProofMs: number;
  load: LoadResult;
  peakRssBytes: number;
}

const proofOf = (wallet: string) => `${proofPath}?wallet=${encodeURIComponent(wallet)}`;
/** A proof of a wallet drawn at random from the data set's `wallets`: every request another wallet that exists. */
const randomProof = (wallets: number, shape: DataShape) => proofOf(benchWallet(Math.floor(Math.random() * wallets), shape));

/** A random wallet's proof, as autocannon's request. */
export function proofRequest(wallets: number, shape: DataShape): autocannon.Request {
  return { method: 'GET', path: proofPath, setupRequest: (request) => ({ ...request, path: randomProof(wallets, shape) }) };
}

/** A random wallet's proof, as the open-loop generator's request. */
export const openLoopProof =
  (wallets: number, shape: DataShape) =>
  (): OpenLoopRequest => ({ method: 'GET', path: randomProof(wallets, shape) });

/** Run before anything else asks the product for a proof: the first one is the cold one. */
export async function runProofLeg(
  url: string,
  pid: number,
  data: { wallets: number; shape: DataShape },
  load: Omit<LoadOptions, 'rounds'>,
): Promise<ProofLegResult> {
  const rssBeforeBytes = rssOf(pid);
  // Sampled often: a first proof that answers in milliseconds still shows what it allocated.
  const rss = sampleRss(pid, 50);
  try {
    const started = performance.now();
    const response = await fetch(url + proofOf(benchWallet(Math.floor(data.wallets / 2), data.shape)));
    const body = await response.text();
    const firstProofMs = performance.now() - started;
    if (!response.ok) throw new Error(`the first proof answered ${response.status}: ${body}`);
    console.log(`proof: the first after start answered in ${firstProofMs.toFixed(0)} ms`);
    const loaded = await measure(url, pid, [proofRequest(data.wallets, data.shape)], load);
    return { rssBeforeBytes, firstProofMs, load: loaded, peakRssBytes: Math.max(...rss.stop(), rssOf(pid) ?? 0) };
  } finally {
    rss.stop();
  }
}

/** The proof leg's lines; returns the goals it missed. */
export function printProofLeg(result: ProofLegResult, connections: number): string[] {
  const { load } = result;
  const invalid = notAnswered(load);
  const checks = [
    { name: 'first proof', line: `first proof after start: ${result.firstProofMs.toFixed(0)} ms (goal ≤ ${proofGoals.firstProofMs} ms)`, met: result.firstProofMs <= proofGoals.firstProofMs },
    {
      name: 'proof p99',
      line:
        `proofs at ${connections} connections: ${Math.round(load.requestsPerSecond).toLocaleString('en-US')} req/s, p99 ${load.p99Ms} ms ` +
        `(goal ≤ ${proofGoals.p99Ms} ms)${invalid === null ? '' : `, ${invalid}: the run is not valid`}`,
      met: invalid === null && load.p99Ms <= proofGoals.p99Ms,
    },
    {
      name: 'server RSS (proofs)',
      line:
        `server RSS, peak from the first proof to the end of the proof load: ${mb(result.peakRssBytes)}` +
        `${result.rssBeforeBytes === null ? '' : ` (${mb(result.rssBeforeBytes)} before it)`} (goal ≤ ${mb(proofGoals.rssBytes)})`,
      met: result.peakRssBytes <= proofGoals.rssBytes,
    },
  ];
  console.log(`\nproof leg (${proofPath}, no baseline):`);
  for (const check of checks) console.log(`  ${check.line}: ${yes(check.met)}`);
  return checks.filter((check) => !check.met).map((check) => check.name);
}
