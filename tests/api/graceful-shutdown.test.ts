import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gracefulShutdown } from '../../server/platform/graceful-shutdown.js';
import { ownSqliteEnv, type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { build } from '../helpers/build-app.js';

/**
 * A real server process (`node --import tsx server/main.ts`) stopped with SIGTERM while 100 keep-alive
 * connections are open, as a deploy or a scale-down does behind a proxy: nobody may get a reset.
 */

const connections = 100;

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  /** The request went out on a connection opened before it (a keep-alive one). */
  reusedSocket: boolean;
}

let workDir: string;
let server: ServerProcess;

function get(agent: http.Agent | false, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: server.port, path: url, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body, reusedSocket: request.reusedSocket }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-shutdown-'));
  server = await startServerProcess({
    ...ownSqliteEnv(workDir),
    // The test waits for the log line that says the shutdown began.
    LOG_LEVEL: 'info',
    // Long enough for the requests below to be answered inside it on a busy machine.
    SHUTDOWN_GRACE_MS: '3000',
  });
}, 90_000);

afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('SIGTERM with 100 keep-alive connections open', () => {
  it('turns /readyz to 503 at once, answers every request on those connections with Connection: close, then exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const before = await Promise.all(Array.from({ length: connections }, () => get(agent, '/api/config')));
    expect(before.map((answer) => answer.status), before[0]?.body).toEqual(Array(connections).fill(200));
    expect(before.every((answer) => answer.connection === 'keep-alive')).toBe(true);
    expect((await get(false, '/readyz')).status).toBe(200);

    server.child.kill('SIGTERM');
    await server.outputContains('shutting down');

    const ready = await get(false, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ error: 'SHUTTING_DOWN' });

    // The next request on each of the 100 open connections: answered, and told to close.
    const onOpenConnections = await Promise.allSettled(Array.from({ length: connections }, () => get(agent, '/api/config')));
    const failures = onOpenConnections.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(failures).toEqual([]);
    const answers = onOpenConnections.map((result) => (result as PromiseFulfilledResult<Answer>).value);
    expect(answers.map((answer) => answer.status)).toEqual(Array(connections).fill(200));
    expect(answers.filter((answer) => answer.reusedSocket)).toHaveLength(connections);
    expect(answers.every((answer) => answer.connection === 'close')).toBe(true);

    // A client that connects anew during the grace is still served (the proxy has not noticed yet).
    const fresh = await Promise.all(Array.from({ length: 10 }, () => get(agent, '/api/config')));
    expect(fresh.map((answer) => [answer.status, answer.connection, answer.reusedSocket])).toEqual(Array(10).fill([200, 'close', false]));
    expect((await get(false, '/readyz')).status).toBe(503);

    expect(await server.exited).toBe(0);
    agent.destroy();
  }, 60_000);
});

/** A shutdown whose grace never ends by itself and whose clock the test moves. */
async function shutdownInGrace() {
  const ctx = await build();
  const codes: number[] = [];
  let clock = 0;
  let graceStarted!: () => void;
  const inGrace = new Promise<void>((resolve) => (graceStarted = resolve));
  const shutdown = gracefulShutdown(ctx.app, {
    graceMs: 5000,
    hardStopMs: 10_000,
    exit: (code) => codes.push(code),
    wait: () => {
      graceStarted();
      return new Promise(() => {});
    },
    now: () => clock,
  });
  return { ctx, codes, shutdown, inGrace, advance: (ms: number) => (clock += ms) };
}

/** Lets the shutdown run whatever a resolved grace would start (app.close() takes a few turns). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('the shutdown steps, in one process', () => {
  it('keeps answering until the grace ends, then closes and exits 0; a SIGINT a second after the first signal ends the grace at once', async () => {
    const { ctx, codes, shutdown, inGrace, advance } = await shutdownInGrace();
    expect(ctx.app.draining.active).toBe(false);
    const first = shutdown('SIGTERM');
    await inGrace;
    expect(ctx.app.draining.active).toBe(true);

    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json().error, ready.headers.connection]).toEqual([503, 'SHUTTING_DOWN', 'close']);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect([config.statusCode, config.headers.connection]).toEqual([200, 'close']);
    expect(codes).toEqual([]);

    // A person pressing Ctrl-C again.
    advance(1000);
    await shutdown('SIGINT');
    await first;
    expect(codes).toEqual([0]);
  });

  it('ignores a SIGINT within a second of the first signal: the same Ctrl-C, passed on by npm or scripts/start.ts', async () => {
    const { ctx, codes, shutdown, inGrace, advance } = await shutdownInGrace();
    void shutdown('SIGINT');
    await inGrace;
    await shutdown('SIGINT');
    advance(999);
    await shutdown('SIGINT');
    await settle();
    expect(codes).toEqual([]);
    expect(ctx.app.draining.active).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('ignores every further SIGTERM during the grace, however late: a process manager and npm each send one', async () => {
    const { ctx, codes, shutdown, inGrace, advance } = await shutdownInGrace();
    void shutdown('SIGTERM');
    await inGrace;
    await shutdown('SIGTERM');
    advance(4000);
    await shutdown('SIGTERM');
    await settle();
    expect(codes).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });
});
