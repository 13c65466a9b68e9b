import type { FastifyReply } from 'fastify';

const jsonType = 'application/json; charset=utf-8';

/**
 * Sends a route's JSON answer, serialised by the route's response schema once per value: a cached
 * answer is the same object for seconds while thousands of requests a second ask for it, and
 * serialising it again each time was a tenth of its cost (docs/performance.md). One value is kept
 * (the last sent): a route answers one cached value at a time, and a value made per request (an
 * unavailable state) is serialised each time, as before.
 */
export function repeatedAnswer() {
  let lastValue: object | null = null;
  let lastBody: ReturnType<FastifyReply['serialize']> = '';
  // Returns nothing: a handler's promise that resolved to the reply would wait on the reply as a
  // thenable (Fastify's Reply.then listens for the response's end), a cost per request for nothing.
  function send(reply: FastifyReply, value: object): void {
    if (value !== lastValue) {
      lastBody = reply.serialize(value);
      lastValue = value;
    }
    reply.type(jsonType).send(lastBody);
  }

  /** `now` when the cache has it, answered synchronously (no promise per request); else what `later` fetches. */
  function sendCached<T extends object>(reply: FastifyReply, now: T | null, later: () => Promise<T>): Promise<void> | undefined {
    if (now !== null) {
      send(reply, now);
      return undefined;
    }
    return later().then((value) => send(reply, value));
  }

  return { send, sendCached };
}
