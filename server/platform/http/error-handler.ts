import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@shared/error-codes';
import { databaseRetryAfterSeconds, databaseUnavailability } from '../db/database-unavailable.js';
import { DatabaseBusyError } from '../db/waiting-sqlite-driver.js';
import { AppError } from '../errors.js';
import { isStorageFull, storageFullMessage } from '../lib/storage-full.js';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Maps every thrown error, ours or Fastify's, to `{ error, message }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.code, message: error.message, ...error.details });
    }
    if (error instanceof DatabaseBusyError) {
      request.log.warn({ reqId: request.id }, 'database busy: another process holds the write lock');
      return reply
        .status(503)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ error: 'DATABASE_BUSY', message: 'The data is being updated right now. Please try again in a few seconds.' });
    }
    // An outage is logged once by the database's health (plugins/database.ts), not once per request.
    const unavailability = databaseUnavailability(error);
    if (unavailability) {
      if (unavailability === 'overloaded') request.log.warn({ reqId: request.id, err: error }, 'database did not answer in time');
      return reply
        .status(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send({ error: 'DATABASE_UNAVAILABLE', message: 'Our data store cannot be reached right now. Please try again shortly.' });
    }
    if (isStorageFull(error)) {
      request.log.error({ reqId: request.id, err: error }, 'write refused: no space left on the device');
      return reply.status(507).send({ error: 'STORAGE_FULL', message: storageFullMessage });
    }
    if ('validation' in error && error.validation) {
      return reply.status(400).send({ error: 'VALIDATION_ERROR', message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ reqId: request.id, err: error }, 'request failed');
      return reply.status(status).send({ error: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
    }
    return reply
      .status(status)
      .send({ error: codeByStatus[status] ?? 'BAD_REQUEST', message: error.message });
  });
}

const routerErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address of this request could not be read.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address of this request is too long.' },
};

/**
 * Errors the router raises before any route or hook runs (a malformed percent-escape, a path
 * parameter past its length limit); Fastify's own answer is not in the `{ error, message }` format.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = routerErrors[error.code] ?? { status: 400, message: 'The request could not be read.' };
  void reply.status(known.status).send({ error: 'BAD_REQUEST', message: known.message });
}

const clientErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive. Please check your connection and try again.',
  },
  HPE_HEADER_OVERFLOW: { status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
};

/**
 * Errors before a request reaches the app (too slow, unreadable): answered on the raw socket,
 * still in the `{ error, message }` format, then the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = clientErrors[error.code ?? ''] ?? {
    status: 400,
    code: 'BAD_REQUEST' as const,
    message: 'The request could not be read.',
  };
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: known.code, message: known.message });
    socket.write(
      `HTTP/1.1 ${known.status} ${http.STATUS_CODES[known.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
