import type { ServerOptions } from 'node:http';

/**
 * How long a client may take to send a request: the whole request within `requestTimeoutMs`, its
 * headers within half a minute at most. Past that Node answers 408 (through the app's client
 * error handler) and closes the connection, so a client trickling bytes cannot hold it.
 */
export function serverTimeouts(requestTimeoutMs: number): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      // Given here too: Node refuses a headers timeout longer than the request timeout it is built with.
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(requestTimeoutMs, 30_000),
      // Node checks both on this tick (30 s by default): a short timeout needs a shorter tick.
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(requestTimeoutMs / 4))),
    },
  };
}
