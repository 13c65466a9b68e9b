import { type ErrorCode, isErrorCode } from '@shared/error-codes';

/**
 * A failed API call. `status` is null when no answer arrived (network failure); `code` is null
 * when the answer carried no code this client knows. `message` is the server's own (English) text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: ErrorCode | null,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
    /** The answer's Retry-After in seconds, when it sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the answer came back with this code. */
  is(code: ErrorCode): boolean {
    return this.code === code;
  }
}

/** Reads a non-2xx answer: the `{ error, message, ...details }` body when there is one, else the status alone. */
export function apiErrorFromBody(status: number, bodyText: string, retryAfter: string | null = null): ApiError {
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return new ApiError(status, null, '', {}, retryAfterSeconds);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return new ApiError(status, null, '', {}, retryAfterSeconds);
  const { error, message, ...details } = body as Record<string, unknown>;
  const code = isErrorCode(error) ? error : null;
  return new ApiError(status, code, typeof message === 'string' ? message : '', details, retryAfterSeconds);
}

/** Retry-After in delay-seconds (the form this server sends); null for a date or anything unreadable. */
function parseRetryAfter(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  return Number(header);
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError(null, null, '');
  error.cause = cause;
  return error;
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
