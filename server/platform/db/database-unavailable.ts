/** Seconds a client is asked to wait before trying again while the database cannot answer. */
export const databaseRetryAfterSeconds = 5;

/**
 * Why a database call failed when it failed for want of the database rather than because of the
 * call: `unreachable` when no connection could be made or one broke (stopped, restarting,
 * unreachable, or an administrator or timeout ended it); `overloaded` when the database is there
 * but nothing answered in time (every pooled connection stayed busy, a query ran past its timeout,
 * the server's connection slots were full).
 */
export type DatabaseUnavailability = 'unreachable' | 'overloaded';

/** Raised where the app itself finds the database away (the readiness check). */
export class DatabaseUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The database cannot be reached.', options);
    this.name = 'DatabaseUnavailableError';
  }
}

const byCode = new Map<string, DatabaseUnavailability>(Object.entries({
  // Node's socket and name-lookup failures.
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  ETIMEDOUT: 'unreachable',
  EPIPE: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  // SQLSTATE: the server shutting down, crashed or starting (57P01-03), a session ended by its idle
  // timeout (57P05), and class 08, connection exceptions.
  '57P01': 'unreachable',
  '57P02': 'unreachable',
  '57P03': 'unreachable',
  '57P05': 'unreachable',
  '08000': 'unreachable',
  '08001': 'unreachable',
  '08003': 'unreachable',
  '08004': 'unreachable',
  '08006': 'unreachable',
  // too_many_connections
  '53300': 'overloaded',
}) as [string, DatabaseUnavailability][]);

// pg raises these as plain Errors, without a code.
const byMessage = new Map<string, DatabaseUnavailability>(Object.entries({
  'Connection terminated unexpectedly': 'unreachable',
  'Connection terminated due to connection timeout': 'unreachable',
  'Client has encountered a connection error and is not queryable': 'unreachable',
  'timeout exceeded when trying to connect': 'overloaded',
  'Query read timeout': 'overloaded',
}) as [string, DatabaseUnavailability][]);

/**
 * The unavailability an error stands for, or null for any other failure. Only the error itself is
 * read, not its cause: an outside service's failure wrapped in a cause must not pass for the
 * database's (Node gives a failed multi-address connect the first address's code itself).
 */
export function databaseUnavailability(error: unknown): DatabaseUnavailability | null {
  if (!(error instanceof Error)) return null;
  if (error instanceof DatabaseUnavailableError) return 'unreachable';
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' ? byCode.get(code) : undefined) ?? byMessage.get(error.message) ?? null;
}
