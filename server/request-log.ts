import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const levelValues: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** The URL without its query string: queries may carry wallet addresses and are not needed to follow traffic. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * One log line per request, when the answer is sent (method, path, status, milliseconds), in place of
 * Fastify's two ("incoming request", "request completed"), which also cost a serialised request and
 * reply each. Below LOG_LEVEL info nothing is built. Failures keep their stack: the error handler
 * (server/errors.ts) logs every 5xx with it, and an answer that fails after its headers is logged here
 * at error level with the error.
 */
export class RequestLogController extends LogController {
  readonly #logRequests: boolean;

  constructor(level: string) {
    super();
    this.#logRequests = (levelValues[level] ?? 0) <= levelValues.info!;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error, ...line(request, reply) }, 'request errored');
    } else if (this.#logRequests) {
      reply.log.info(line(request, reply), 'request');
    }
  }
}

function line(request: FastifyRequest, reply: FastifyReply) {
  return {
    reqId: request.id,
    method: request.method,
    path: pathOf(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}
