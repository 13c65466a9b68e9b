import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command to its end from the project folder, prints its wall time under `label` and returns it in seconds. */
export function timed(label: string, command: string, args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): number {
  // Written-back first, so neither side waits for the other's (or the CSV's) dirty pages at its fsync.
  spawnSync('sync');
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: projectRoot, input: options.input, env: options.env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = (performance.now() - started) / 1000;
  if (result.error || result.status !== 0) {
    throw new Error(`${label} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stderr}`);
  }
  console.log(`${label.padEnd(10)} ${seconds.toFixed(2)} s`);
  return seconds;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
