import { describe, expect, it, onTestFinished } from 'vitest';
import { testFolder } from '../helpers/backup-drill.js';
import { ownSqliteEnv, type ServerProcess, startServerProcess } from '../helpers/server-process.js';

/** X's developer policy forbids apps that reward posting on X: an operator opening mining with a real X app is told at start. */

/** A server process on a SQLite database of its own, stopped (and its folder removed) when the test finishes. */
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({
    ...ownSqliteEnv(testFolder('acorn-x-policy-')),
    DEMO_DATA: 'false',
    X_CLIENT_ID: 'operator-client-id',
    X_CLIENT_SECRET: 'operator-client-secret',
    ...env,
  });
  onTestFinished(() => server.stop());
  return server;
}

describe('the start-up log and X developer policy', () => {
  it('warns when X_CLIENT_ID is set and MINING_OPEN=true', async () => {
    const started = await start({ MINING_OPEN: 'true' });
    const lines = started.output.join('').split('\n').filter((line) => line.includes('X developer policy'));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: number; msg: string };
    expect(entry.level).toBe(40);
    expect(entry.msg).toContain('forbids apps that reward users for posting on X');
  }, 90_000);

  it('says nothing of it while mining is closed', async () => {
    const started = await start({ MINING_OPEN: 'false' });
    expect(started.output.join('')).not.toContain('X developer policy');
  }, 90_000);
});
