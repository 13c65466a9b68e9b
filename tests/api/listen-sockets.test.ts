import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../scripts/free-port.js';
import { type App, buildApp } from '../../server/app.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { listenOnSockets, reusePortSupported } from '../../server/platform/listen-sockets.js';
import { testConfig } from '../helpers/test-app.js';

/** Sockets listening on `port` on IPv4 (Linux's /proc/net/tcp: state 0A is LISTEN). */
function listenersOn(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const fields = line.trim().split(/\s+/);
      return fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A';
    }).length;
}

function healthz(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // agent: false — a new connection each, as a crowd of first visitors brings.
    http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** An app that has not started yet (listenOnSockets registers its close hook before listening); closed when the test finishes. */
async function unstartedApp(): Promise<App> {
  const { config, cleanup } = await testConfig();
  const handle = connectDatabase(config);
  await migrateToLatest(handle.db);
  const app = await buildApp(config, { database: handle, logStream: false });
  onTestFinished(async () => {
    await app.close();
    await cleanup();
  });
  return app;
}

describe.runIf(reusePortSupported())('LISTEN_SOCKETS: several sockets of one port feed one server', () => {
  it('listens on each, answers a crowd of new connections through them, refuses a second copy of the app on the port, and stops them all on close', async () => {
    const port = await freePort();
    const app = await unstartedApp();
    expect(await listenOnSockets(app, { port, host: '127.0.0.1', sockets: 4 })).toBe(4);
    expect(listenersOn(port)).toBe(4);

    const statuses = await Promise.all(Array.from({ length: 200 }, () => healthz(port)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(200);

    // Without the check, a second copy would bind beside the first (SO_REUSEPORT) and take part of its visitors.
    const second = await unstartedApp();
    await expect(listenOnSockets(second, { port, host: '127.0.0.1', sockets: 4 })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(listenersOn(port)).toBe(4);

    await app.close();
    expect(listenersOn(port)).toBe(0);
    await expect(
      new Promise((resolve, reject) => net.connect(port, '127.0.0.1', () => resolve('connected')).on('error', reject)),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
