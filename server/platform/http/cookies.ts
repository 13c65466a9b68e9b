import type { FastifyRequest } from 'fastify';

type Cookies = FastifyRequest['cookies'];

/**
 * The request's cookies, parsed on first use. @fastify/cookie is registered with `hook: false`
 * (server/app.ts): most requests (lookups, proofs, cached answers) read no cookie and parse none, so
 * `request.cookies` stays null until this, or a `setCookie`, fills it. Read cookies only through here.
 */
export function requestCookies(request: FastifyRequest): Cookies {
  const parsed = request.cookies as Cookies | null;
  if (parsed) return parsed;
  const header = request.headers.cookie;
  request.cookies = header ? request.server.parseCookie(header) : {};
  return request.cookies;
}
