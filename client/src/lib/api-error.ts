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
export function apiErrorFromBody(status: number, bodyText: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return new ApiError(status, null, '');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return new ApiError(status, null, '');
  const { error, message, ...details } = body as Record<string, unknown>;
  return new ApiError(status, isErrorCode(error) ? error : null, typeof message === 'string' ? message : '', details);
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError(null, null, '');
  error.cause = cause;
  return error;
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
