/**
 * The app on a PostgreSQL cluster of this file's own (stopping the shared one would break other
 * files), on a real port: the server stopped and started, its connections ended, and the server
 * paused (nothing answers), each in the middle of requests.
 * This test process is the server process, so an unhandled pool 'error' would be an uncaught
 * exception here: it is recorded and asserted empty.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/platform/config.js';
import { demoPresenceTtlMs } from '../../server/features/demo/demo-presence.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { type PostgresCluster, startPostgresCluster } from '../helpers/postgres-cluster.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { signInWithWallet } from '../helpers/wallet-sign-in.js';

interface Answer {
  name: string;
  status: number;
  error: string | undefined;
  retryAfter: string | null;
}

let cluster: PostgresCluster;
let app: App;
let base: string;
let dataDir: string;
let cookie: string;
let walletAddress: string;
const logLines: string[] = [];
// The app's clock runs ahead on demand: cached answers outlive their time during the outage without waiting.
let clockAhead = 0;
const processFaults: unknown[] = [];
const recordFault = (error: unknown) => processFaults.push(error);

beforeAll(async () => {
  process.on('uncaughtException', recordFault);
  process.on('unhandledRejection', recordFault);
  cluster = await startPostgresCluster();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-outage-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-cookies',
    LOG_LEVEL: 'info',
    X_SIMULATED: 'false',
    DATABASE_URL: cluster.url,
    BACKUP_DIR: `${dataDir}-backups`,
    BACKUP_INTERVAL_HOURS: '0',
    LOGIN_RATE_LIMIT: '1000',
    // No load shedding: a busy machine's slow loop turns would answer SERVER_BUSY where the database's state is asserted.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // Short, so a server that stops answering is seen in seconds (the connection wait is fixed at 5 s).
    DATABASE_QUERY_TIMEOUT_MS: '3000',
  });
  app = await buildApp(config, {
    logStream: { write: (line: string) => logLines.push(line) },
    now: () => Date.now() + clockAhead,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await seedAllocationRecords(app.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '34123' }]);
  const wallet = createTestWallet('p2tr');
  walletAddress = wallet.address;
  cookie = (await signInWithWallet(app, wallet)).cookie;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await cluster?.remove();
  if (dataDir) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-backups`, { recursive: true, force: true });
  }
  process.off('uncaughtException', recordFault);
  process.off('unhandledRejection', recordFault);
}, 60_000);

async function ask(name: string, url: string, init: RequestInit = {}): Promise<Answer> {
  // A hang fails the test here (bounded), instead of passing slowly.
  const response = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = (await response.json()) as { error?: string };
  return { name, status: response.status, error: body.error, retryAfter: response.headers.get('retry-after') };
}

const requests: Record<string, () => Promise<Answer>> = {
  lookup: () =>
    ask('lookup', '/api/allocation/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: mainnetWallets.taproot }),
    }),
  user: () => ask('user', `/api/user/${walletAddress}`, { headers: { cookie } }),
  // Rate-limited: on PostgreSQL its counter lives in the database too.
  challenge: () =>
    ask('challenge', '/api/auth/challenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: mainnetWallets.taproot }),
    }),
  stats: () => ask('stats', '/api/stats'),
  config: () => ask('config', '/api/config'),
  leaderboard: () => ask('leaderboard', '/api/mining/leaderboard'),
  healthz: () => ask('healthz', '/healthz'),
  readyz: () => ask('readyz', '/readyz'),
};

const round = () => Promise.all(Object.values(requests).map((request) => request()));

/** Rounds of every request, one after another, while `event` runs, then `after` more rounds. */
async function roundsAround(event: Promise<unknown>, after: number): Promise<{ during: Answer[]; after: Answer[][] }> {
  let settled = false;
  const done = event.finally(() => {
    settled = true;
  });
  const during: Answer[] = [];
  while (!settled) during.push(...(await round()));
  await done;
  const later: Answer[][] = [];
  for (let index = 0; index < after; index++) later.push(await round());
  return { during, after: later };
}

/** Every answer is a success or the database's 503 with Retry-After; /healthz never fails. */
function expectOnlyOkOrUnavailable(answers: Answer[]) {
  for (const answer of answers) {
    if (answer.name === 'healthz') expect(answer).toMatchObject({ status: 200 });
    else if (answer.status !== 200) expect(answer).toMatchObject({ status: 503, error: 'DATABASE_UNAVAILABLE', retryAfter: expect.stringMatching(/^\d+$/) });
  }
}

function statusesOf(answers: Answer[], name: string) {
  return answers.filter((answer) => answer.name === name).map((answer) => answer.status);
}

const messagesSince = (from: number) =>
  logLines.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string });

describe('PostgreSQL going away and coming back', () => {
  it('answers 503 DATABASE_UNAVAILABLE while the server is stopped, and 200 again once it is started, without a restart', async () => {
    const before = await round();
    expect(before.map((answer) => [answer.name, answer.status])).toEqual(Object.keys(requests).map((name) => [name, 200]));
    const logFrom = logLines.length;

    const stopped = await roundsAround(
      cluster.stop().then(() => {
        clockAhead += demoPresenceTtlMs;
      }),
      3,
    );
    expectOnlyOkOrUnavailable([...stopped.during, ...stopped.after.flat()]);
    const down = stopped.after.flat();
    expect(statusesOf(down, 'lookup')).toEqual([503, 503, 503]);
    expect(statusesOf(down, 'user')).toEqual([503, 503, 503]);
    expect(statusesOf(down, 'challenge')).toEqual([503, 503, 503]);
    expect(statusesOf(down, 'readyz')).toEqual([503, 503, 503]);
    expect(statusesOf(down, 'healthz')).toEqual([200, 200, 200]);
    // A page still loads: what the server last read is answered after its time, rather than a failure.
    expect(statusesOf(down, 'config')).toEqual([200, 200, 200]);
    expect(statusesOf(down, 'leaderboard')).toEqual([200, 200, 200]);

    await cluster.start();
    // One after another: the first answer that reaches the database is the evidence /readyz reports.
    const back = [await requests.lookup!(), await requests.user!(), await requests.readyz!(), await requests.healthz!()];
    expect(back.map((answer) => [answer.name, answer.status])).toEqual([
      ['lookup', 200],
      ['user', 200],
      ['readyz', 200],
      ['healthz', 200],
    ]);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready', database: 'postgres' });
    expect(processFaults).toEqual([]);

    // The log tells the outage once, not once per failed request.
    const messages = messagesSince(logFrom);
    expect(messages.filter((line) => line.msg.startsWith('database unreachable'))).toHaveLength(1);
    expect(messages.filter((line) => line.msg.startsWith('database reachable again'))).toHaveLength(1);
    expect(messages.filter((line) => line.level >= 50 && !line.msg.startsWith('database unreachable'))).toEqual([]);
  }, 60_000);

  it('answers 503 or 200 while its connections are ended, and 200 with new connections after', async () => {
    await cluster.start();
    expect(statusesOf(await round(), 'lookup')).toEqual([200]);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const terminate = async () => {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      // Until the ended backends are gone (bounded): then the app's sockets to them are closed too.
      for (let check = 0; check < 100; check++) {
        const left = await admin.query('select 1 from pg_stat_activity where pid = any($1::int[])', [rows.map((row) => row.pid)]);
        if (left.rowCount === 0) return rows.length;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the ended backends did not exit');
    };
    const ending = terminate();
    const ended = await roundsAround(ending, 2);
    expect(await ending).toBeGreaterThan(0);
    await admin.end();
    expectOnlyOkOrUnavailable([...ended.during, ...ended.after.flat()]);
    const last = ended.after.at(-1)!;
    expect(last.map((answer) => [answer.name, answer.status])).toEqual(Object.keys(requests).map((name) => [name, 200]));
    expect(processFaults).toEqual([]);
  }, 60_000);

  it('answers 503 within its bounds while the server stops answering, and 200 once it answers again', async () => {
    await cluster.start();
    expect(statusesOf(await round(), 'lookup')).toEqual([200]);
    await cluster.pause();
    let paused: Answer[];
    try {
      // Waits for the query timeout and the connection timeout: a hang would end in ask()'s abort instead.
      paused = [...(await round()), ...(await round())];
    } finally {
      await cluster.resume();
    }
    expectOnlyOkOrUnavailable(paused);
    expect(statusesOf(paused, 'lookup')).toEqual([503, 503]);
    // Once the app has seen its queries go unanswered (the first round), /readyz says so.
    expect(statusesOf(paused, 'readyz')[1]).toBe(503);
    const back = [await requests.lookup!(), await requests.user!(), await requests.readyz!()];
    expect(back.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(processFaults).toEqual([]);
  }, 60_000);
});
