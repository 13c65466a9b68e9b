import type { OutgoingHttpHeaders } from 'node:http';

/** A request as the tests write it for Fastify's `app.inject`. */
export interface CallerRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as it is; anything else as JSON. */
  payload?: unknown;
}

/** The parts of an answer the request helpers read, as Fastify's inject answers them. */
export interface CallerAnswer {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  body: string;
  rawPayload: Buffer;
  // As light-my-request types it, so a test reads its answer's fields as it does from app.inject.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json<T = any>(): T;
}

/**
 * What the request helpers (sign-in, X connection) need of a server: Fastify's `app.inject` in
 * process, or `httpCaller` over real HTTP to a server process.
 */
export interface Caller {
  inject(request: CallerRequest): Promise<CallerAnswer>;
}

/** `inject` over real HTTP to `base` (`http://127.0.0.1:<port>`); redirects are answered, not followed. */
export function httpCaller(base: string): Caller {
  return {
    async inject({ method, url, headers = {}, payload }) {
      let body: string | Blob | undefined;
      const sent = { ...headers };
      if (typeof payload === 'string') body = payload;
      else if (Buffer.isBuffer(payload)) body = new Blob([new Uint8Array(payload)]);
      else if (payload !== undefined) {
        body = JSON.stringify(payload);
        sent['content-type'] ??= 'application/json';
      }
      const response = await fetch(new URL(url, base), { method, headers: sent, body, redirect: 'manual' });
      const rawPayload = Buffer.from(await response.arrayBuffer());
      const answerHeaders: OutgoingHttpHeaders = Object.fromEntries(response.headers);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) answerHeaders['set-cookie'] = cookies;
      const text = rawPayload.toString('utf8');
      return { statusCode: response.status, headers: answerHeaders, body: text, rawPayload, json: () => JSON.parse(text) };
    },
  };
}
