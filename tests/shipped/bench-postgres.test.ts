import { execFile } from 'node:child_process';
import { expect, it } from 'vitest';
import { projectRoot } from '../helpers/run-cli.js';
import { postgresUrl } from '../helpers/test-database.js';

const legs = ['lookup', 'lookup-many', 'proof', 'top holders', 'lookup-limited'];
const scaleOutSetUps = ['one process, direct', 'one process behind nginx', 'two processes behind nginx'];

/** `npm run bench -- --database postgres …` as a child process; never rejects. */
function runBench(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--max-semi-space-size=64', '--import', 'tsx', 'bench/http.bench.ts', '--database', 'postgres', ...args],
      { cwd: projectRoot, env, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it('runs every leg of the PostgreSQL bench at a small size, the bare routes answering as the product does and nginx in front of one and two processes', { timeout: 300_000 }, async () => {
  if (!postgresUrl) throw new Error('the shipped suite runs with TEST_DATABASE_URL (scripts/with-postgres.sh starts a PostgreSQL)');
  // The bench works in a schema of its own on this server, dropped when it ends.
  const { code, stdout, stderr } = await runBench(
    ['--records', '3000', '--seconds', '1', '--warm-up', '1', '--rounds', '1', '--connections', '10', '--open-seconds', '1', '--open-warm-up', '1', '--open-rounds', '1'],
    { ...process.env, DATABASE_URL: postgresUrl },
  );
  expect(code, stderr + stdout).toBe(0);
  expect(stdout).not.toContain('\r');
  expect(stdout).toMatch(/^import:allocations on PostgreSQL: [\d.]+ s for 3,000 records$/m);
  expect(stdout).toContain('answers checked: the bare routes answer as the product does (lookup, lookup-many, proof, top holders)');
  for (const leg of legs) {
    const line = new RegExp(`^${leg}: product ([\\d,]+) req/s, bare ([\\d,]+) req/s(.*)$`, 'm').exec(stdout);
    expect(line, `${leg} printed no rates`).not.toBeNull();
    const [productRate, bareRate] = [line![1], line![2]].map((rate) => Number(rate!.replaceAll(',', '')));
    expect(productRate).toBeGreaterThan(0);
    expect(bareRate).toBeGreaterThan(0);
    expect(line![3], `${leg} had failures`).not.toMatch(/failed/);
  }
  for (const setUp of scaleOutSetUps) {
    const line = new RegExp(`^scale-out \\(${setUp}\\): ([\\d,]+) req/s, p99 [\\d.]+ ms(.*)$`, 'm').exec(stdout);
    expect(line, `scale-out (${setUp}) printed no rate`).not.toBeNull();
    expect(Number(line![1]!.replaceAll(',', ''))).toBeGreaterThan(0);
    expect(line![2], `scale-out (${setUp}) had failures`).not.toMatch(/failed/);
    expect(stdout).toMatch(new RegExp(`^\\| ${setUp} \\| [\\d,]+ \\|`, 'm'));
  }
  expect(stdout).toMatch(/^ {2}two processes behind nginx: (\d+ µs|n\/a µs) → K = 4: .+, K = 8: .+, K = 16: .+$/m);
  expect(stdout).toMatch(/^open-lookup: [\d,]+ requests a second/m);
  expect(stdout).toMatch(/^open-proof: 500 requests a second/m);
  for (const [round] of stdout.matchAll(/^ {2}round \d+: .*$/gm)) expect(round, 'an open-loop answer failed').toContain(', other 0;');
  expect(stdout).toMatch(/^(every goal of this run met|goals not met: .*)$/m);
});
