import { AppError } from '../errors.js';

/** A failed outside call as the client sees it: 502 with a fixed message, the cause kept for the log. */
export function upstreamUnavailable(error: unknown, message: string): never {
  throw new AppError(502, 'UPSTREAM_UNAVAILABLE', message, {}, { cause: error });
}
