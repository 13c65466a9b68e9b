import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { projectRoot, runCli } from '../helpers/run-cli.js';
import { ownSqliteEnv, type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { createPostgresSchema, postgresUrl } from '../helpers/test-database.js';

const shippedRoot = inject('shippedRoot');
const whale = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';

let workDir: string;
let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (!postgresUrl) throw new Error('the shipped suite runs with TEST_DATABASE_URL (scripts/with-postgres.sh starts a PostgreSQL)');
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-shipped-pg-'));
  schema = await createPostgresSchema();
});

afterAll(async () => {
  await server?.stop();
  await schema?.drop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

it('migrates an empty PostgreSQL database at start, then serves the list npm run import:allocations loads', async () => {
  const env = { ...ownSqliteEnv(workDir), DATABASE_URL: schema.url };
  server = await startServerProcess(env, 'shipped server on PostgreSQL', { shippedRoot });
  expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
  expect(await (await fetch(`${server.base}/api/allocation/root`)).json()).toMatchObject({ root: null });

  const listFile = path.join(projectRoot, 'tests/fixtures/allocations-merkle.csv');
  const imported = await runCli('import:allocations', [listFile, '--source', 'launch'], { dataDir: env.DATA_DIR, databaseUrl: schema.url });
  expect(imported.code, imported.stderr).toBe(0);
  const lookup = await fetch(`${server.base}/api/allocation/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: whale }),
  });
  expect((await lookup.json()).allocation).toMatchObject({ walletAddress: whale, totalTokens: 550057.030658 });
});
