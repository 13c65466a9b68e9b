import os from 'node:os';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const levelValues: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** Where log lines go: the app logger's stream (server/platform/log-stream.ts in production). */
export interface LogDestination {
  write(line: string): unknown;
}

export interface RequestLineFields {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** The URL without its query string: queries may carry wallet addresses and are not needed to follow traffic. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

const bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

/**
 * The line pino writes for `info(fields, 'request')`, byte for byte (tests/unit/request-line.test.ts
 * holds it to pino's), from a template: pino's general serialiser was half the cost of the request
 * log, a tenth of a cached answer's (docs/performance.md).
 */
export function requestLine(fields: RequestLineFields, time: number): string {
  return (
    `{"level":30,"time":${time}${bindings},"reqId":${JSON.stringify(fields.reqId)},` +
    `"method":${JSON.stringify(fields.method)},"path":${JSON.stringify(fields.path)},` +
    `"status":${fields.status},"ms":${fields.ms},"msg":"request"}\n`
  );
}

/**
 * One log line per request, when the answer is sent (method, path, status, milliseconds), in place of
 * Fastify's two ("incoming request", "request completed"), which also cost a serialised request and
 * reply each. Below LOG_LEVEL info nothing is built. Failures keep their stack: the error handler
 * (server/platform/http/error-handler.ts) logs every 5xx with it, and an answer that fails after its headers is logged here
 * at error level with the error.
 */
export class RequestLogController extends LogController {
  readonly #destination: LogDestination | null;

  /** `destination`: the app logger's stream, or null when the app logs nothing. */
  constructor(level: string, destination: LogDestination | null) {
    super();
    this.#destination = (levelValues[level] ?? 0) <= levelValues.info! ? destination : null;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error, ...fieldsOf(request, reply) }, 'request errored');
    } else if (this.#destination) {
      this.#destination.write(requestLine(fieldsOf(request, reply), Date.now()));
    }
  }
}

function fieldsOf(request: FastifyRequest, reply: FastifyReply): RequestLineFields {
  return {
    reqId: request.id,
    method: request.method,
    path: pathOf(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}
