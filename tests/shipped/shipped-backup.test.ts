import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { listCompleteBackups } from '../../server/features/backups/backup-rotation.js';
import { manifestFileName } from '../../server/features/backups/backup-manifest.js';
import { projectRoot, runCli } from '../helpers/run-cli.js';
import { ownSqliteEnv, type ServerProcess, startServerProcess } from '../helpers/server-process.js';

const shippedRoot = inject('shippedRoot');
const hour = 3_600_000;

let workDir: string;
const servers: ServerProcess[] = [];

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-shipped-backup-'));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(workDir, { recursive: true, force: true });
});

const rootOf = async (server: ServerProcess) => (await (await fetch(`${server.base}/api/allocation/root`)).json()).root as string;

it('takes its scheduled backup in its worker thread, and npm run restore brings it back for a new server', async () => {
  const env = { ...ownSqliteEnv(workDir), BACKUP_INTERVAL_HOURS: '1' };
  const database = { dataDir: env.DATA_DIR, databaseUrl: null };
  const listFile = path.join(projectRoot, 'tests/fixtures/allocations-merkle.csv');
  expect((await runCli('import:allocations', [listFile, '--source', 'launch'], database)).code).toBe(0);

  // The last good backup is two hours old: the server's first check, a minute after its start, takes the next.
  const manual = await runCli('backup', [], database, { BACKUP_DIR: env.BACKUP_DIR });
  expect(manual.code, manual.stderr).toBe(0);
  const [earlier] = listCompleteBackups(env.BACKUP_DIR);
  const manifestFile = path.join(earlier!.folder, manifestFileName);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, createdAt: new Date(Date.now() - 2 * hour).toISOString() }));

  const server = await startServerProcess({ ...env, LOG_LEVEL: 'info' }, 'shipped server', { shippedRoot });
  servers.push(server);
  await server.outputContains('backup taken and verified');
  const root = await rootOf(server);
  const [scheduled] = listCompleteBackups(env.BACKUP_DIR);
  expect(scheduled!.name).not.toBe(earlier!.name);

  const restoredDir = path.join(workDir, 'restored');
  const restored = await runCli('restore', [scheduled!.folder, '--data-dir', restoredDir], database);
  expect(restored.code, restored.stderr).toBe(0);
  const second = await startServerProcess(
    { ...ownSqliteEnv(workDir), DATA_DIR: restoredDir, BACKUP_DIR: path.join(workDir, 'second-backups') },
    'restored server',
    { shippedRoot },
  );
  servers.push(second);
  expect(await rootOf(second)).toBe(root);
  expect(root).toMatch(/^[0-9a-f]{64}$/);
});
