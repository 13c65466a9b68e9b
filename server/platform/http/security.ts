import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { AppError } from '../errors.js';
import { apiDocsPrefix } from './openapi.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const hsts = (https: boolean) => (https ? { maxAge: 15552000, includeSubDomains: true } : false);

/** Documents (the app's pages, the API reference, meme pages): helmet's whole set with the app's CSP. */
function documentOptions(https: boolean) {
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
    hsts: hsts(https),
  };
}

/**
 * JSON answers: the headers that protect a response no browser renders as a page (OWASP's REST
 * security cheat sheet). Nothing may load from it or frame it, no MIME sniffing, no cross-origin
 * reads; the document-only headers (opener policy, agent cluster, referrer policy, DNS prefetch, IE
 * download and XSS filters, Flash policies) would be bytes on every call that no browser acts on.
 */
function apiOptions(https: boolean) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' as const },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    hsts: hsts(https),
  };
}

type HeaderBlock = Readonly<Record<string, string | string[]>>;

/** Per process, by the options' kind and https: the probe app costs more than the rest of the plugin. */
const probedHeaders = new Map<string, Promise<HeaderBlock>>();

/**
 * The headers helmet sets with our options. They are the same for every request, but @fastify/helmet
 * builds them again on each one (parsing the CSP directives); asked once here, from a throwaway app,
 * they cost a few property writes per request instead.
 */
function helmetHeaders(kind: 'document' | 'api', https: boolean): Promise<HeaderBlock> {
  const key = `${kind} ${https}`;
  let headers = probedHeaders.get(key);
  if (!headers) {
    headers = probeHelmet(kind === 'document' ? documentOptions(https) : apiOptions(https));
    // A failed probe is not kept: the next app asks again.
    headers.catch(() => probedHeaders.delete(key));
    probedHeaders.set(key, headers);
  }
  return headers;
}

async function probeHelmet(options: FastifyHelmetOptions): Promise<HeaderBlock> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => {
    reply.send(reply.raw.getHeaders());
  });
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.freeze(response.json<HeaderBlock>());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of a JSON answer, for an answer written without a reply (load shedding). */
    apiSecurityHeaders: Readonly<Record<string, string | string[]>>;
  }
}

function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(apiDocsPrefix);
}

/**
 * Security headers (for documents a CSP the built app passes, no inline scripts; for JSON answers
 * one that allows nothing) and an Origin check on every state-changing call, on top of SameSite=Lax
 * cookies.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const documentHeaders = await helmetHeaders('document', config.secureCookies);
    const apiHeaders = await helmetHeaders('api', config.secureCookies);
    app.decorate('apiSecurityHeaders', apiHeaders);
    const publicOrigin = new URL(config.publicUrl).origin;

    // One synchronous hook for both. The headers go with the reply's own (a route's reply.header
    // still wins), not onto the raw response, so Node writes them all in one pass instead of
    // storing each first (docs/performance.md).
    const secure: onRequestHookHandler = (request, reply, done) => {
      // On the path as sent: one that reaches the API spelled another way (`/%61pi/…`) gets the
      // document set, which also forbids sniffing and framing.
      reply.headers(isApiAnswer(request.url) ? apiHeaders : documentHeaders);
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
