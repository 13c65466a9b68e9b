/**
 * `npm start` as a person or a process manager runs it, stopped the way they stop it: one SIGTERM to
 * its whole process group. npm, tsx and scripts/start.ts each pass the signal on to their child, so the
 * server hears it several times; the grace must still be the whole SHUTDOWN_GRACE_MS, with 50
 * keep-alive clients answered throughout. Runs the built client and compiled server (`npm run build`
 * first; npm start builds them itself when they are missing).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.js';
import { nodeEndOfLifeWarning } from '../../server/platform/node-support.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const clients = 50;
const graceMs = 3000;

interface LogLine {
  time: number;
  msg: string;
}

let workDir: string;
let port: number;
let npm: ChildProcess;
let exited: Promise<number | null>;
const output: string[] = [];

const logLines = (): LogLine[] =>
  output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** Resolves once the output contains `text`; rejects if npm exits first. */
async function outputContains(text: string): Promise<void> {
  while (!output.join('').includes(text)) {
    if (npm.exitCode !== null) throw new Error(`npm start exited before saying "${text}":\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function get(agent: http.Agent | false, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-npm-start-'));
  port = await freePort();
  // detached: npm leads a process group of its own, as in a terminal or under a process manager.
  npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      BACKUP_DIR: path.join(workDir, 'backups'),
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      // The test reads the shutdown's log lines.
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: String(graceMs),
      X_SIMULATED: 'false',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      BACKUP_INTERVAL_HOURS: '0',
      BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/no-explorer-in-tests',
    },
  });
  npm.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  exited = new Promise((resolve) => npm.once('exit', (code) => resolve(code)));
  // A missing or stale build is built first: minutes, not seconds.
  await outputContains('listening on');
}, 300_000);

afterAll(() => {
  if (npm?.pid !== undefined && npm.exitCode === null) process.kill(-npm.pid, 'SIGKILL');
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('npm start on this Node', () => {
  it('warns at start when this Node has reached its end of life, and only then', () => {
    const warning = nodeEndOfLifeWarning();
    const lines = output.join('').split('\n').filter((line) => line.includes('reached its end of life'));
    expect(lines).toHaveLength(warning === null ? 0 : 1);
    if (warning !== null) expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: warning });
  });
});

describe('npm start stopped by one SIGTERM to its process group', () => {
  it('answers every request of 50 keep-alive clients through the whole grace, /readyz 503, a second SIGTERM changing nothing, then exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let answered = 0;
    let sending = true;
    const client = async () => {
      while (sending) {
        try {
          const { status } = await get(agent, '/api/config');
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          answered += 1;
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    /** Until the clients have had `count` more answers. */
    const answersFromNow = async (count: number) => {
      const target = answered + count;
      while (answered < target && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    };

    const running = Array.from({ length: clients }, client);
    await answersFromNow(clients * 2);
    expect((await get(false, '/readyz')).status).toBe(200);

    process.kill(-npm.pid!, 'SIGTERM');
    await outputContains('shutting down');
    const ready = await get(false, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ error: 'SHUTTING_DOWN' });
    await answersFromNow(clients);

    // What a process manager does when the first did not seem to work: still the same grace.
    process.kill(-npm.pid!, 'SIGTERM');
    await answersFromNow(clients * 2);
    expect((await get(false, '/readyz')).status).toBe(503);
    const stillInGrace = !output.join('').includes('closed: every request answered');
    sending = false;
    await Promise.all(running);
    agent.destroy();

    expect(failures).toEqual([]);
    expect([...statuses.keys()]).toEqual([200]);
    expect(stillInGrace).toBe(true);
    expect(await exited).toBe(0);

    const lines = logLines();
    const began = lines.filter((line) => line.msg.startsWith('shutting down'));
    const closed = lines.filter((line) => line.msg.startsWith('closed'));
    expect([began.length, closed.length]).toEqual([1, 1]);
  }, 60_000);
});
