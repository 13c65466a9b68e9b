import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { type NginxProcess, startNginx } from '../../scripts/nginx-process.js';
import { runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { createPostgresSchema, postgresUrl } from '../helpers/test-database.js';
import { newVisitor, type VisitorAnswer, visit } from '../helpers/visitor-request.js';
import { mainnetWallets } from '../helpers/wallets.js';

/**
 * Debian's nginx with the shipped deploy/nginx/acorn.conf (only its ports and cache folder filled in)
 * in front of two app processes on one PostgreSQL, as docs/deploy.md deploys them. Visitors connect
 * from addresses of their own in 127.0.0.0/8, so nginx sees each at a different address.
 */

const lookupLimit = 5;
const metricsToken = 'nginx-proxy-metrics-token';
const asset = { name: '/assets/index-3f9a1c2e.js', body: 'console.log("acorn");\n' };

let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
let workDir: string;
let servers: ServerProcess[] = [];
let nginx: NginxProcess | undefined;

const lookup = (from: string, headers: Record<string, string> = {}) =>
  visit(nginx!.base, '/api/allocation/lookup', { from, json: { walletAddress: mainnetWallets.taproot }, headers });

/** Asks through nginx, each time as a new visitor, until the lookup answers `status` (the processes re-read the launch state every 5 s). */
async function lookupUntil(status: number): Promise<VisitorAnswer> {
  const deadline = Date.now() + 20_000;
  let answer = await lookup(newVisitor());
  while (answer.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    answer = await lookup(newVisitor());
  }
  return answer;
}

/** The next `count` lookups through nginx, each from a new visitor: round robin sends them to both processes. */
async function nextLookups(count: number): Promise<VisitorAnswer[]> {
  const answers: VisitorAnswer[] = [];
  for (let index = 0; index < count; index++) answers.push(await lookup(newVisitor()));
  return answers;
}

const launch = (args: string[]) => runCli('launch', args, { dataDir: path.join(workDir, 'cli'), databaseUrl: schema.url });

/** Lookups this process answered with the wallet found, from its own /metrics (asked on its own port). */
async function foundLookups(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(response.status).toBe(200);
  const family = parsePrometheusTextFormat(await response.text()).find((candidate) => candidate.name === 'allocation_lookups_total');
  return Number(family?.metrics.find((metric) => metric.labels?.result === 'found')?.value ?? 0);
}

describe.runIf(postgresUrl)('nginx in front of two app processes on one PostgreSQL (only with TEST_DATABASE_URL)', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    schema = await createPostgresSchema();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-nginx-'));
    // nginx's workers (another user when started as root) reach their temp and cache folders in here.
    fs.chmodSync(workDir, 0o755);
    const { db } = connectDatabase({ dataDir: workDir, databaseUrl: schema.url });
    await migrateToLatest(db);
    await seedAllocationRecords(db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '1500' }]);
    await db.destroy();

    const clientDir = path.join(workDir, 'client');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><script type="module" src="${asset.name}"></script>`);
    fs.writeFileSync(path.join(clientDir, asset.name), asset.body);

    const env = (name: string) => ({
      DATABASE_URL: schema.url,
      DATA_DIR: path.join(workDir, name),
      CLIENT_DIR: clientDir,
      PUBLIC_URL: 'https://acorn.test',
      SESSION_SECRET: 'nginx-proxy-secret-long-enough-for-cookies',
      TRUST_PROXY: 'true',
      LOOKUP_RATE_LIMIT: String(lookupLimit),
      METRICS_TOKEN: metricsToken,
      ALLOCATION_REVEAL_AT: '2099-01-01T00:00:00Z',
      // Longer than the site's upstream keepalive_timeout (2 s), as docs/deploy.md asks.
      SHUTDOWN_GRACE_MS: '4000',
    });
    servers = await Promise.all([startServerProcess(env('a'), 'A'), startServerProcess(env('b'), 'B')]);
    nginx = await startNginx(path.join(workDir, 'nginx'), { appPorts: [servers[0]!.port, servers[1]!.port] });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await schema?.drop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('hides the list on both processes, then reveal-now, pause and resume switch both, seen through nginx', async () => {
    for (const answer of await nextLookups(4)) {
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'NOT_YET_REVEALED' });
    }

    expect((await launch(['reveal-now'])).code).toBe(0);
    expect((await lookupUntil(200)).status).toBe(200);
    // Each process polls the state on its own: wait until both have, then every answer is the new one.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect((await nextLookups(4)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // Both answered lookups: each process's own counter, read on its own port.
    for (const server of servers) expect(await foundLookups(server)).toBeGreaterThan(0);

    const reason = 'Checking a report about the list.';
    expect((await launch(['pause', '--reason', reason])).code).toBe(0);
    expect((await lookupUntil(503)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 5500));
    for (const answer of await nextLookups(4)) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'LOOKUPS_PAUSED', reason });
    }
    // The rest of the site keeps working during the pause: the processes stay in rotation.
    for (let index = 0; index < 4; index++) expect((await visit(nginx!.base, '/api/config', { from: newVisitor() })).status).toBe(200);

    expect((await launch(['resume'])).code).toBe(0);
    expect((await lookupUntil(200)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect((await nextLookups(4)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it('counts the lookup limit per visitor, not per proxy, and a forged X-Forwarded-For changes nothing', async () => {
    const [first, second] = [newVisitor(), newVisitor()];
    const statuses: number[] = [];
    for (let index = 0; index < lookupLimit; index++) statuses.push((await lookup(first)).status);
    expect(statuses).toEqual(Array(lookupLimit).fill(200));

    const refused = await lookup(first);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // The app's own answer (counted in PostgreSQL across both processes), not nginx's flood limit.
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'RATE_LIMITED', message: expect.stringContaining('Too many attempts') });
    expect((await lookup(first, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);

    expect((await lookup(second)).status).toBe(200);
  });

  it("stops a visitor's flood of lookups in nginx with the app's error shape", async () => {
    const from = newVisitor();
    // Far past nginx's burst of 20, sent at once: the app's limit refuses the first ones, nginx the rest.
    const answers = await Promise.all(Array.from({ length: 60 }, () => lookup(from)));
    const inNginx = answers.filter((answer) => answer.body.includes('Too many requests'));
    expect(inNginx.length).toBeGreaterThan(0);
    expect(inNginx[0]!.status).toBe(429);
    expect(inNginx[0]!.headers['retry-after']).toBe('1');
    expect(JSON.parse(inNginx[0]!.body)).toMatchObject({ error: 'RATE_LIMITED' });
  });

  it('caches the built files in nginx, keeps /metrics off the public site and refuses bodies past the upload limit', async () => {
    const from = newVisitor();
    const first = await visit(nginx!.base, asset.name, { from });
    const again = await visit(nginx!.base, asset.name, { from });
    expect([first.status, first.body, first.headers['x-cache-status']]).toEqual([200, asset.body, 'MISS']);
    expect([again.status, again.body, again.headers['x-cache-status']]).toEqual([200, asset.body, 'HIT']);
    expect(again.headers['cache-control']).toContain('immutable');

    const authorization = { authorization: `Bearer ${metricsToken}` };
    for (const url of ['/metrics', '//metrics', '/%6Detrics', '/metrics?format=text']) {
      expect((await visit(nginx!.base, url, { from, headers: authorization })).status, url).toBe(404);
    }
    expect((await visit(servers[0]!.base, '/metrics', { from: '127.0.0.1', headers: authorization })).status).toBe(200);

    // Bigger than the app's 5 MiB upload and its envelope: refused by nginx before any process reads it.
    const tooBig = await visit(nginx!.base, '/api/upload/image', {
      from,
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(7 * 1024 * 1024) },
    });
    expect(tooBig.status).toBe(413);
  });

  it('takes a process that is shut down out of rotation without a failed request', async () => {
    const answers: Array<{ phase: string; status: number }> = [];
    let phase = 'before';
    let running = true;
    const loop = async (index: number) => {
      for (let request = 0; running; request++) {
        const answer =
          (index + request) % 2 === 0
            ? await visit(nginx!.base, '/api/config', { from: newVisitor() })
            : await lookup(newVisitor());
        answers.push({ phase, status: answer.status });
      }
    };
    const loops = Promise.all([0, 1, 2, 3].map(loop));

    await new Promise((resolve) => setTimeout(resolve, 500));
    const [stopping] = servers;
    // From SIGTERM to the exit: SHUTDOWN_GRACE_MS of answers with Connection: close, then the drain.
    phase = 'grace';
    await stopping!.stop();
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 1500));
    running = false;
    await loops;

    const count = (wanted: string) => answers.filter((answer) => answer.phase === wanted).length;
    expect([count('before'), count('grace'), count('after')].every((n) => n > 0), JSON.stringify(answers.length)).toBe(true);
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(failed, nginx!.errorLog().split('\n').filter((line) => !line.includes('limiting requests')).join('\n')).toEqual([]);
    expect(await stopping!.exited).toBe(0);
    // nginx saw the process go (its port refused, or a connection reset as the listener closed) and sent
    // those requests to the other one.
    expect(nginx!.errorLog()).toMatch(/upstream server temporarily disabled|Connection refused\) while connecting to upstream/);
  });
});
