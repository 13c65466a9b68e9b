/**
 * A PostgreSQL outage in the log: one `database unreachable` line when it begins and one `database
 * reachable again` when it ends, per process, whatever background job meets it in between (the
 * lookup counts every 5 s, the janitor, the backup schedule). On a cluster of this file's own, stopped
 * for real.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/platform/config.js';
import { firstBackupDelayMs } from '../../server/features/backups/backup-schedule.service.js';
import { type PostgresCluster, startPostgresCluster } from '../helpers/postgres-cluster.js';
import { ownSqliteEnv, type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { mainnetWallets } from '../helpers/wallets.js';

interface LogLine {
  level: number;
  msg: string;
}

let cluster: PostgresCluster;
let workDir: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-outage-log-'));
}, 60_000);

afterAll(async () => {
  await cluster?.remove();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}, 60_000);

/** A database of its own on the cluster, so each test's lookup counts are its own. */
async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

const parse = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** What a process said about the database being away: warnings and errors, and any line naming the database. */
const aboutTheOutage = (lines: LogLine[]) => lines.filter((line) => line.level >= 40 || /database/i.test(line.msg)).map((line) => line.msg);

const unreachableLine = expect.stringMatching(/^database unreachable/);
const reachableAgainLine = expect.stringMatching(/^database reachable again/);

const lookup = (base: string) =>
  fetch(`${base}/api/allocation/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: mainnetWallets.taproot }),
    signal: AbortSignal.timeout(15_000),
  }).then((response) => response.status);

async function lookupCountsStored(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: string | null }>('select sum(count) as total from lookup_counts');
    return Number(rows[0]?.total ?? 0);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL stopped for 20 s under two server processes', () => {
  let servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  }, 30_000);

  it('logs the outage once when it begins and once when it ends in each process, and the lookup counts kept through it are stored after', async () => {
    const url = await createDatabase('outage_processes');
    servers = await Promise.all(
      ['one', 'two'].map((name) =>
        startServerProcess(
          {
            ...ownSqliteEnv(path.join(workDir, name)),
            DATABASE_URL: url,
            LOG_LEVEL: 'info',
            LOOKUP_RATE_LIMIT: '0',
            DATABASE_QUERY_TIMEOUT_MS: '3000',
          },
          name,
        ),
      ),
    );
    const logFrom = servers.map((server) => server.output.join('').length);

    // Lookups until the server has stopped: each process holds counts its next flushes (every 5 s) must write.
    const statuses = await Promise.all(servers.map((server) => lookup(server.base)));
    expect(statuses).toEqual([200, 200]);
    let stopped = false;
    const stopping = cluster.stop().finally(() => (stopped = true));
    try {
      await Promise.all(
        servers.map(async (server) => {
          while (!stopped) statuses.push(await lookup(server.base));
        }),
      );
      await stopping;
      // Four flushes per process, at least, meet the stopped server.
      await new Promise((resolve) => setTimeout(resolve, 20_000));
    } finally {
      await cluster.start();
    }
    const counted = statuses.filter((status) => status === 200).length;

    for (const server of servers) {
      await vi.waitFor(
        async () => expect((await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200),
        { timeout: 30_000, interval: 250 },
      );
      await server.outputContains('database reachable again');
    }
    // Kept through the outage, written by a flush after it (every 5 s).
    await vi.waitFor(async () => expect(await lookupCountsStored(url)).toBe(counted), { timeout: 20_000, interval: 500 });

    for (const [index, server] of servers.entries()) {
      expect(aboutTheOutage(parse(server.output.join('').slice(logFrom[index])))).toEqual([unreachableLine, reachableAgainLine]);
    }
  }, 120_000);
});

describe('every background job meeting the outage, in one process', () => {
  it('logs nothing of its own: the lookup counts, the janitor and a due scheduled backup fail silently while the database is away', async () => {
    const url = await createDatabase('outage_jobs');
    const lines: string[] = [];
    let clockAhead = 0;
    // Only the jobs' intervals run on the test's clock; pg's timeouts stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const dataDir = path.join(workDir, 'jobs');
      const config = loadConfig({
        DATA_DIR: dataDir,
        CLIENT_DIR: path.join(dataDir, 'no-client'),
        BACKUP_DIR: path.join(workDir, 'jobs-backups'),
        SESSION_SECRET: 'test-secret-that-is-long-enough-for-cookies',
        DATABASE_URL: url,
        LOG_LEVEL: 'info',
        X_SIMULATED: 'false',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        LOOKUP_RATE_LIMIT: '0',
        BACKUP_INTERVAL_HOURS: '1',
        PRUNE_INTERVAL_MINUTES: '1',
        BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/no-explorer-in-tests',
      });
      const app = await buildApp(config, {
        logStream: { write: (line: string) => lines.push(line) },
        now: () => Date.now() + clockAhead,
      });
      await app.ready();
      const found = await app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: mainnetWallets.taproot } });
      expect(found.statusCode).toBe(200);
      const logFrom = lines.length;

      await cluster.stop();
      // The first backup is due, the janitor's next pass and the lookup counts' flushes too.
      clockAhead = firstBackupDelayMs;
      vi.advanceTimersByTime(config.pruneIntervalMs);
      // Waits for the janitor's pass and the backup under way, and flushes the counts once more (all failing).
      await app.close();

      expect(aboutTheOutage(parse(lines.slice(logFrom).join('')))).toEqual([unreachableLine]);
    } finally {
      vi.useRealTimers();
      await cluster.start();
    }
  }, 60_000);
});
