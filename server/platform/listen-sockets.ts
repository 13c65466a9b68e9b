import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/** `reusePort` (SO_REUSEPORT) came with Node 22.12 and 23.1, and only some systems distribute by it. */
export function reusePortSupported(nodeVersion = process.versions.node, platform = process.platform): boolean {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  const nodeHasIt = major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
  return nodeHasIt && platform === 'linux';
}

/** The sockets to listen on when LISTEN_SOCKETS is not set: several where the kernel can spread them. */
export function defaultListenSockets(supported = reusePortSupported()): number {
  return supported ? 16 : 1;
}

function listenOn(server: net.Server, options: net.ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Fails like a plain listen (EADDRINUSE) when anything, this app included, already has the port. */
async function assertPortFree(port: number, host: string): Promise<void> {
  const probe = net.createServer();
  await listenOn(probe, { port, host });
  await new Promise((resolve) => probe.close(resolve));
}

/**
 * Listens on `sockets` sockets bound to one port, every one feeding the app's one HTTP server.
 *
 * libuv accepts one connection per listening socket per turn of the event loop. Under a crowd of new
 * connections each turn is long (it answers every connection with a request waiting), so with one
 * socket the newcomers wait in the kernel's queue until they give up; with N sockets the kernel spreads
 * them (SO_REUSEPORT) and a turn accepts N. Where reusePort is missing this is one plain listen.
 */
export async function listenOnSockets(
  app: FastifyInstance,
  options: { port: number; host: string; sockets: number },
): Promise<number> {
  const { host, sockets } = options;
  if (sockets <= 1) {
    await app.listen({ port: options.port, host });
    return 1;
  }
  // Every socket of the group sets SO_REUSEPORT, so a second copy of the app would bind beside this one
  // and take half its visitors; the probe keeps the plain listen's refusal.
  if (options.port !== 0) await assertPortFree(options.port, host);
  const extras: net.Server[] = [];
  // Before the app's own socket closes, so no connection arrives at a server that has stopped. Not
  // waiting for their 'close': that comes once their connections end, which the app's close brings.
  app.addHook('preClose', (done) => {
    for (const extra of extras) extra.close();
    done();
  });
  // Fastify hands its options to net.Server#listen; its types and Node 20's do not name reusePort yet.
  await app.listen({ port: options.port, host, reusePort: true } as FastifyListenOptions);
  const { port } = app.server.address() as net.AddressInfo;
  for (let index = 1; index < sockets; index++) {
    const extra = net.createServer((socket) => app.server.emit('connection', socket));
    await listenOn(extra, { port, host, reusePort: true } as net.ListenOptions);
    extras.push(extra);
  }
  return sockets;
}
