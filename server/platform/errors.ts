import type { ErrorCode } from '@shared/error-codes';

/** A failure with a status and a code the client can match on; services throw these. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Please join with your wallet first.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You can only act for your own account.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
