import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest, onResponseAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { databaseRateLimitStore } from '../features/rate-limits/database-rate-limit-store.js';
import { memoryRateLimitStore } from '../features/rate-limits/memory-rate-limit-store.js';
import { routeKeySpace } from '../features/rate-limits/rate-limit-counts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hits counted against a visitor's limits, given back when the server fails the request (5xx, a full
     * disk's 507 included): the server's own failures never lock a visitor out.
     */
    rateLimitHits: {
      /** Records a hit counted for this request under `key` (its key space and the limiter's key). */
      counted: (request: FastifyRequest, key: string) => void;
      /** The route hook that gives the request's hits back after a 5xx answer. */
      onResponse: onResponseAsyncHookHandler;
    };
  }
}

/** Adds `hook` to one of a route's hook lists, after the ones it has. */
export function appendRouteHook(route: RouteOptions, name: 'onResponse', hook: onResponseAsyncHookHandler): void {
  const hooks = route[name];
  route[name] = [...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]), hook];
}

/**
 * @fastify/rate-limit, for the routes that name a limit (`config.rateLimit`) and the cost limits. On
 * PostgreSQL (several processes) the counts live in the database, so every process counts against one
 * limit; SQLite is one process, whose memory is the cheaper place to count.
 */
export default fp(
  async (app) => {
    const counts = app.dbDialect === 'postgres' ? databaseRateLimitStore(app.db) : memoryRateLimitStore();
    const hits = new WeakMap<FastifyRequest, string[]>();
    const counted = (request: FastifyRequest, key: string) => {
      const keys = hits.get(request);
      if (keys) keys.push(key);
      else hits.set(request, [key]);
    };

    const onResponse: onResponseAsyncHookHandler = async (request, reply) => {
      const keys = hits.get(request);
      if (!keys || reply.statusCode < 500) return;
      hits.delete(request);
      for (const key of keys) {
        await counts.giveBack(key).catch((error: unknown) => {
          request.log.warn({ reqId: request.id, err: error }, 'a rate-limit hit of a failed request could not be given back');
        });
      }
    };

    await app.register(rateLimit, {
      global: false,
      store: counts.Store,
      // Called for each request a route limit counted and let through.
      onExceeding: (request, key) => counted(request, `${routeKeySpace(request.routeOptions)}${key}`),
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`),
    });
    app.decorate('rateLimitHits', { counted, onResponse });
    // Only the limited routes carry the hook: the others pay nothing.
    app.addHook('onRoute', (route) => {
      if (route.config?.rateLimit) appendRouteHook(route, 'onResponse', onResponse);
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);
