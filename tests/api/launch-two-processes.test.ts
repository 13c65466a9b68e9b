import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { createPostgresSchema, postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

/**
 * Two real server processes on one PostgreSQL schema, as behind a load balancer: a launch command
 * run beside them switches both, without a restart, within their 5 s cache.
 */

let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
let workDir: string;
let servers: ServerProcess[] = [];

const lookup = (server: ServerProcess) =>
  fetch(`${server.base}/api/allocation/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: mainnetWallets.taproot }),
  });

/** Asks until the lookup answers `status` (each process re-reads the launch state every 5 s), 20 s at most. */
async function lookupUntil(server: ServerProcess, status: number): Promise<Response> {
  const deadline = Date.now() + 20_000;
  let response = await lookup(server);
  while (response.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    response = await lookup(server);
  }
  return response;
}

const launch = (args: string[]) => runCli('launch', args, { dataDir: path.join(workDir, 'cli'), databaseUrl: schema.url });

describe.runIf(postgresUrl)('npm run launch switches two app processes on one PostgreSQL (only with TEST_DATABASE_URL)', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    schema = await createPostgresSchema();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-launch-'));
    const { db } = connectDatabase({ dataDir: workDir, databaseUrl: schema.url });
    await migrateToLatest(db);
    await seedAllocationRecords(db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '1500' }]);
    await db.destroy();
    const env = (name: string) => ({
      DATABASE_URL: schema.url,
      DATA_DIR: path.join(workDir, name),
      CLIENT_DIR: path.join(workDir, 'no-client'),
      SESSION_SECRET: 'launch-two-processes-secret-long-enough',
      BACKUP_DIR: path.join(`${workDir}-backups`, name),
      ALLOCATION_REVEAL_AT: '2099-01-01T00:00:00Z',
    });
    servers = await Promise.all([startServerProcess(env('a'), 'a'), startServerProcess(env('b'), 'b')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await schema?.drop();
    if (workDir) {
      fs.rmSync(workDir, { recursive: true, force: true });
      fs.rmSync(`${workDir}-backups`, { recursive: true, force: true });
    }
  }, 60_000);

  it('hides the list on both, reveals it on both with reveal-now, then pauses and resumes both', async () => {
    for (const server of servers) {
      const hidden = await lookup(server);
      expect(hidden.status).toBe(403);
      expect(await hidden.json()).toMatchObject({ error: 'NOT_YET_REVEALED', revealsAt: '2099-01-01T00:00:00.000Z' });
    }

    expect((await launch(['reveal-now'])).code).toBe(0);
    for (const response of await Promise.all(servers.map((server) => lookupUntil(server, 200)))) expect(response.status).toBe(200);

    const reason = 'Checking a report about the list.';
    expect((await launch(['pause', '--reason', reason])).code).toBe(0);
    for (const response of await Promise.all(servers.map((server) => lookupUntil(server, 503)))) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await response.json()).toMatchObject({ error: 'LOOKUPS_PAUSED', reason });
    }

    expect((await launch(['resume'])).code).toBe(0);
    for (const response of await Promise.all(servers.map((server) => lookupUntil(server, 200)))) expect(response.status).toBe(200);
  });
});
