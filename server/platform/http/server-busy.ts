import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Seconds a shed client is asked to wait: a few samples of the loop (500 ms each by default), so the
 * retry meets a fresh reading; short enough that a person barely waits.
 */
export const serverBusyRetryAfterSeconds = 2;

// One instance for every shed request: an answer meant to be cheap does not capture a stack each time.
export const busy = new AppError(503, 'SERVER_BUSY', 'The server is busy right now. Please try again in a few seconds.');

/** The 503 SERVER_BUSY answer, with its Retry-After: throw what this returns. */
export function serverBusy(reply: FastifyReply): AppError {
  reply.header('retry-after', String(serverBusyRetryAfterSeconds));
  return busy;
}
