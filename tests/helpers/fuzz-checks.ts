import type { LightMyRequestResponse } from 'fastify';
import { isErrorCode } from '../../shared/error-codes.js';
import { type FuzzRequest, mutatingMethods } from './fuzz-requests.js';

/**
 * What is wrong with an answer: any 5xx (every outside service is up, so not even 502/503 is
 * excused), an error not in the `{ error: CODE, message }` format, or a foreign Origin let through.
 */
export function problemsWith(request: FuzzRequest, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`answered ${response.statusCode}`);
  const refusedOrigin = request.origin === 'foreign' || request.origin === 'null';
  if (refusedOrigin && mutatingMethods.has(request.method) && response.statusCode < 400) {
    problems.push(`a foreign Origin was not refused (${response.statusCode})`);
  }
  if (response.statusCode < 400 || request.method === 'HEAD') return problems;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    problems.push(`error content-type ${String(response.headers['content-type'])}`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [...problems, 'error body is not JSON'];
  }
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  if (!isErrorCode(error)) problems.push(`error code ${JSON.stringify(error)} is not in shared/error-codes.ts`);
  if (typeof message !== 'string' || message.trim() === '') problems.push('error without a message');
  // The router refuses an unreadable URL before any hook runs, the Origin check included.
  const unreadableUrl = (response.statusCode === 400 || response.statusCode === 414) && error === 'BAD_REQUEST';
  if (refusedOrigin && mutatingMethods.has(request.method) && error !== 'BAD_ORIGIN' && !unreadableUrl) {
    problems.push(`foreign Origin answered ${String(error)}`);
  }
  return problems;
}

/** The request and answer, readable in a failure report (long values cut). */
export function describeExchange(request: FuzzRequest, response: LightMyRequestResponse): string {
  const cut = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text);
  const payload = request.payload === null ? '(none)' : Buffer.isBuffer(request.payload) ? `${request.payload.length} bytes: ${JSON.stringify(request.payload.subarray(0, 300).toString('latin1'))}` : JSON.stringify(cut(request.payload));
  return [
    `${request.method} ${cut(request.url)} as ${request.caller}, origin ${request.origin}, content-type ${request.contentType}`,
    `body ${payload}`,
    `→ ${response.statusCode} ${response.headers['content-type'] ?? ''} ${cut(response.body)}`,
  ].join('\n');
}
