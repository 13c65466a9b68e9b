import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, onResponseAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors.js';
import { databaseRateLimitStore } from './database-rate-limit-store.js';
import { memoryRateLimitStore } from './memory-rate-limit-store.js';
import { routeKeySpace } from './rate-limit-counts.js';

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
      /**
       * Counts `amount` more hits under the key the route's own limit counted this request under: a
       * request that asks for several things weighs several. Past `max`, all its hits are given back (a
       * refused request spends nothing of what is left) and it is refused with 429 RATE_LIMITED and Retry-After.
       */
      weigh: (request: FastifyRequest, reply: FastifyReply, amount: number, limit: { max: number; timeWindow: number }) => Promise<void>;
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
    // Per request: each key it was counted under, and how many hits.
    const hits = new WeakMap<FastifyRequest, Map<string, number>>();
    const counted = (request: FastifyRequest, key: string, amount = 1) => {
      const keys = hits.get(request) ?? new Map<string, number>();
      keys.set(key, (keys.get(key) ?? 0) + amount);
      hits.set(request, keys);
    };

    const weigh = async (request: FastifyRequest, reply: FastifyReply, amount: number, limit: { max: number; timeWindow: number }) => {
      const space = routeKeySpace(request.routeOptions);
      const key = [...(hits.get(request)?.keys() ?? [])].find((counted) => counted.startsWith(space));
      // Not counted by the route's limit (no limit on this route): nothing to weigh.
      if (amount <= 0 || key === undefined) return;
      const { current, ttl } = await counts.spend(key, amount, limit.timeWindow);
      if (current > limit.max) {
        const keys = hits.get(request)!;
        await counts.giveBack(key, amount + keys.get(key)!);
        keys.delete(key);
        const seconds = Math.max(1, Math.ceil(ttl / 1000));
        void reply.header('retry-after', String(seconds));
        throw new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${seconds} seconds.`);
      }
      counted(request, key, amount);
    };

    const onResponse: onResponseAsyncHookHandler = async (request, reply) => {
      const keys = hits.get(request);
      if (!keys || reply.statusCode < 500) return;
      hits.delete(request);
      for (const [key, amount] of keys) {
        await counts.giveBack(key, amount).catch((error: unknown) => {
          if (app.databaseHealth.outageCovers(error)) return;
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
    app.decorate('rateLimitHits', { counted, onResponse, weigh });
    // Only the limited routes carry the hook: the others pay nothing.
    app.addHook('onRoute', (route) => {
      if (route.config?.rateLimit) appendRouteHook(route, 'onResponse', onResponse);
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);
