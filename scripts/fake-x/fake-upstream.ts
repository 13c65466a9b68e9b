import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an outside service can do wrong; every fake can be told to do each of these. */
export const faults = [
  /** Accepts the call and never answers. */
  'hang',
  /** 500 with an HTML error page. */
  'error-500',
  /** 200 with an HTML page (a captive portal, a CDN challenge) where data was expected. */
  'html',
  /** 200 with JSON cut off halfway (a complete HTTP answer whose content is broken). */
  'truncated-json',
  /** 200 with well-formed JSON of the wrong shape. */
  'wrong-json',
  /** Announces a length, sends half the body and closes the connection. */
  'cut-off',
  /** Nothing until `lateMs`, then the good answer. */
  'slow-headers',
  /** The headers at once, then half the good answer, the rest only at `lateMs`. */
  'slow-body',
] as const;
export type Fault = (typeof faults)[number];

/** What a healthy service would answer; the slow faults send it, late. */
export interface GoodAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type Behaviour =
  | { kind: 'json'; body: unknown; status?: number }
  | { kind: 'text'; body: string; status?: number; contentType?: string }
  | { kind: 'hang' }
  /** Headers at once, then half the body, the rest only after `delayMs` (default: longer than any test). */
  | { kind: 'slow-body'; body: string; delayMs?: number }
  /** Nothing until `delayMs`, then the body. */
  | { kind: 'slow-headers'; body: string; delayMs: number }
  /** One of the `faults`; `body` is the good answer (sent late by the slow faults, half of it by the broken ones). */
  | { kind: 'fault'; fault: Fault; body: string; contentType?: string; lateMs?: number };

export const longerThanAnyTest = 120_000;

const errorPage = '<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>';
const challengePage = '<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser before accessing the site.</body></html>';

function firstHalf(text: string): string {
  return text.slice(0, Math.max(1, text.length >> 1));
}

/**
 * Answers as `fault` says, for the fakes of every outside service. `later` runs an action after a
 * delay (the fake cancels the pending ones when it closes).
 */
export function answerWithFault(
  response: http.ServerResponse,
  fault: Fault,
  good: GoodAnswer,
  later: (delayMs: number, action: () => void) => void,
  lateMs = longerThanAnyTest,
): void {
  const send = (status: number, contentType: string, body: string): void => {
    response.writeHead(status, { 'content-type': contentType }).end(body);
  };
  switch (fault) {
    case 'hang':
      return;
    case 'error-500':
      return send(500, 'text/html', errorPage);
    case 'html':
      return send(200, 'text/html', challengePage);
    case 'truncated-json': {
      // A body that is not JSON already (an explorer's plain number) is wrapped, so that its half is still broken JSON.
      const json = good.body.trimStart().startsWith('{') ? good.body : JSON.stringify({ value: good.body });
      return send(200, 'application/json', firstHalf(json));
    }
    case 'wrong-json':
      return send(200, 'application/json', JSON.stringify({ unexpected: true, items: [] }));
    case 'cut-off':
      response.writeHead(good.status, { 'content-type': good.contentType, 'content-length': Buffer.byteLength(good.body) });
      response.write(firstHalf(good.body), () => response.destroy());
      return;
    case 'slow-headers':
      return later(lateMs, () => send(good.status, good.contentType, good.body));
    case 'slow-body':
      response.writeHead(good.status, { 'content-type': good.contentType });
      response.write(firstHalf(good.body));
      return later(lateMs, () => response.end(good.body.slice(firstHalf(good.body).length)));
  }
}

/** Timers that the fake cancels when it closes. */
export function timerSet() {
  const timers = new Set<NodeJS.Timeout>();
  return {
    later(delayMs: number, action: () => void) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        action();
      }, delayMs);
      timers.add(timer);
    },
    clear() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function behaviourAsFault(behaviour: Behaviour): { fault: Fault; good: GoodAnswer; lateMs?: number } | null {
  switch (behaviour.kind) {
    case 'hang':
      return { fault: 'hang', good: { status: 200, contentType: 'text/plain', body: '' } };
    case 'slow-body':
      return { fault: 'slow-body', good: { status: 200, contentType: 'text/plain', body: behaviour.body }, lateMs: behaviour.delayMs };
    case 'slow-headers':
      return { fault: 'slow-headers', good: { status: 200, contentType: 'text/plain', body: behaviour.body }, lateMs: behaviour.delayMs };
    case 'fault':
      return {
        fault: behaviour.fault,
        good: { status: 200, contentType: behaviour.contentType ?? 'application/json', body: behaviour.body },
        lateMs: behaviour.lateMs,
      };
    default:
      return null;
  }
}

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
  const timers = timerSet();

  const server = http.createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    let cutByUs = false;
    // The caller gave up (aborted or timed out) before the whole answer was sent.
    response.on('close', () => {
      if (!response.writableFinished && !cutByUs) aborted.set(path, (aborted.get(path) ?? 0) + 1);
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
    const faulty = behaviourAsFault(behaviour);
    if (faulty) {
      cutByUs = faulty.fault === 'cut-off';
      answerWithFault(response, faulty.fault, faulty.good, timers.later, faulty.lateMs);
      return;
    }
    if (behaviour.kind === 'json') {
      response.writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(behaviour.body));
      return;
    }
    if (behaviour.kind === 'text') {
      response.writeHead(behaviour.status ?? 200, { 'content-type': behaviour.contentType ?? 'text/plain' });
      response.end(behaviour.body);
    }
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
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;
