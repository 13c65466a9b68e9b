import { Writable } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type App, buildApp } from '../../server/app.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { testConfig } from '../helpers/test-app.js';

let lines: Record<string, unknown>[];
let app: App;

/** An app whose log lines land in `lines`, on a database of its own; all of it closed when the test finishes. */
async function start(level: string) {
  lines = [];
  const made = await testConfig({ LOG_LEVEL: level });
  onTestFinished(made.cleanup);
  const handle = connectDatabase(made.config);
  onTestFinished(() => handle.db.destroy());
  await migrateToLatest(handle.db);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>));
      done();
    },
  });
  const built = await buildApp(made.config, { database: handle, logStream: stream });
  onTestFinished(() => built.close());
  app = built;
  // A route that fails the way a bug does: not an AppError.
  app.get('/api/test-failure', async () => {
    throw new Error('the bug');
  });
  await app.ready();
}

const requestLines = () => lines.filter((line) => line.msg === 'request');

describe('request logging', () => {
  it('writes one line per request at info: method, path without the query, status, time', async () => {
    await start('info');
    await app.inject({ method: 'GET', url: '/api/config?wallet=bc1qsecret' });
    await app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: 'bc1qnobody' } });

    expect(requestLines()).toEqual([
      expect.objectContaining({ level: 30, reqId: expect.any(String), method: 'GET', path: '/api/config', status: 200, ms: expect.any(Number) }),
      expect.objectContaining({ reqId: expect.any(String), method: 'POST', path: '/api/allocation/lookup', status: 200 }),
    ]);
    const [first, second] = requestLines();
    expect(first!.reqId).not.toBe(second!.reqId);
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    expect(JSON.stringify(lines)).not.toContain('bc1qsecret');
  });

  it('logs a failure with its stack, and no request lines at warn', async () => {
    await start('warn');
    const response = await app.inject({ method: 'GET', url: '/api/test-failure' });
    await app.inject({ method: 'GET', url: '/api/config' });

    expect(response.statusCode).toBe(500);
    expect(requestLines()).toEqual([]);
    const failure = lines.find((line) => line.level === 50);
    expect(failure).toMatchObject({ reqId: expect.any(String), err: { message: 'the bug', stack: expect.stringContaining('Error: the bug') } });
    // The failure names its request, so its line can be told apart from the others of the same moment.
    expect(lines.filter((line) => line.reqId === failure!.reqId).length).toBe(1);
  });
});
