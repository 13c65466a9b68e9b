import helmet from '@fastify/helmet';
import Fastify, { type onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { AppError } from '../errors.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function helmetOptions(https: boolean) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix dialogs inject a scroll-lock <style>; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets with our options. They are the same for every request, but @fastify/helmet
 * builds them again on each one (parsing the CSP directives); asked once here, from a throwaway app,
 * they cost a few setHeader calls per request instead.
 */
async function helmetHeaders(https: boolean): Promise<[string, string | string[]][]> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(https));
  probe.get('/', (_request, reply) => {
    reply.send(reply.raw.getHeaders());
  });
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.entries(response.json<Record<string, string | string[]>>());
}

/**
 * Security headers (a CSP the built app passes: no inline scripts) and an Origin check on
 * every state-changing call, on top of SameSite=Lax cookies.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const headers = await helmetHeaders(config.secureCookies);
    const publicOrigin = new URL(config.publicUrl).origin;

    // One synchronous hook for both: set on the raw response as helmet does, so a route's own
    // header (reply.header) still wins.
    const secure: onRequestHookHandler = (request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      // Every state-changing request is checked, whatever its path: the router decodes the URL
      // (`/%61pi/...` routes to `/api/...`), so a test on the raw path would be a bypass.
      const origin = request.headers.origin;
      if (origin !== undefined && unsafeMethods.has(request.method) && origin !== publicOrigin) {
        if (origin !== `${request.protocol}://${request.host}`) {
          done(new AppError(403, 'BAD_ORIGIN', 'This request came from another site and was refused.'));
          return;
        }
      }
      done();
    };
    app.addHook('onRequest', secure);
  },
  { name: 'security' },
);
