import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour =
  | { kind: 'json'; body: unknown; status?: number }
  | { kind: 'text'; body: string; status?: number }
  | { kind: 'hang' }
  /** Headers at once, then half the body, the rest only after `delayMs` (default: longer than any test). */
  | { kind: 'slow-body'; body: string; delayMs?: number }
  /** Nothing until `delayMs`, then the body. */
  | { kind: 'slow-headers'; body: string; delayMs: number };

const longerThanAnyTest = 120_000;

/**
 * A real HTTP server on 127.0.0.1 standing in for an outside service. Each path answers as told,
 * and can be told to fail, hang, answer garbage, or send its headers or body late mid-test; unknown
 * paths answer 404.
 */
export async function startFakeUpstream() {
  const behaviours = new Map<string, Behaviour>();
  const calls = new Map<string, number>();
  const bodies = new Map<string, string[]>();
  const aborted = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();

  function later(delayMs: number, action: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, delayMs);
    timers.add(timer);
  }

  const server = http.createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    // The caller gave up (aborted or timed out) before the whole answer was sent.
    response.on('close', () => {
      if (!response.writableFinished) aborted.set(path, (aborted.get(path) ?? 0) + 1);
    });
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of request) chunks.push(chunk as Buffer);
    } catch {
      return; // the caller gave up mid-request: nothing to answer
    }
    bodies.set(path, [...(bodies.get(path) ?? []), Buffer.concat(chunks).toString('utf8')]);
    const behaviour = behaviours.get(path);
    if (!behaviour) {
      response.writeHead(404).end('not found');
      return;
    }
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'slow-headers') {
      later(behaviour.delayMs, () => response.writeHead(200, { 'content-type': 'text/plain' }).end(behaviour.body));
      return;
    }
    if (behaviour.kind === 'slow-body') {
      const half = Math.floor(behaviour.body.length / 2);
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write(behaviour.body.slice(0, half));
      later(behaviour.delayMs ?? longerThanAnyTest, () => response.end(behaviour.body.slice(half)));
      return;
    }
    const isJson = behaviour.kind === 'json';
    response.writeHead(behaviour.status ?? 200, { 'content-type': isJson ? 'application/json' : 'text/plain' });
    response.end(isJson ? JSON.stringify(behaviour.body) : behaviour.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    set(path: string, behaviour: Behaviour) {
      behaviours.set(path, behaviour);
    },
    calls(path: string): number {
      return calls.get(path) ?? 0;
    },
    /** How many calls on a path the caller abandoned before the answer was complete. */
    aborted(path: string): number {
      return aborted.get(path) ?? 0;
    },
    /** The request bodies received on a path, oldest first. */
    bodies(path: string): string[] {
      return bodies.get(path) ?? [];
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;
