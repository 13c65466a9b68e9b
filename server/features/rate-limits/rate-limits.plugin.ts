import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/errors.js';
import { type RequestCheck, routeChecks } from '../../platform/http/request-checks.js';
import { databaseRateLimitStore } from './database-rate-limit-store.js';
import { memoryRateLimitStore } from './memory-rate-limit-store.js';
import { groupKeySpace, routeKeySpace, type Spent } from './rate-limit-counts.js';
import { waitText } from './wait-text.js';

const hitsSlot = Symbol('rate-limit hits');
type CountedRequest = FastifyRequest & { [hitsSlot]: Map<string, number> | null };

/** The key @fastify/rate-limit gives a client IP (IPv6 grouped by /64); an IPv4 address is its own, without the IPv6 test. */
function clientKey(ip: string): string {
  return ip.includes(':') ? normalizeIP(ip) : ip;
}

/** 429 RATE_LIMITED, with Retry-After in seconds. */
function tooMany(reply: FastifyReply, seconds: number): AppError {
  reply.header('retry-after', seconds);
  return new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${waitText(seconds)}.`);
}

/**
 * A per-visitor budget (by client IP, as @fastify/rate-limit keys it) checked inside a route's one
 * onRequest hook (platform/http/request-checks.ts) instead of as a hook of its own.
 */
export interface RequestLimit {
  /** Counts the request; past `max`, 429 RATE_LIMITED with Retry-After. */
  check: RequestCheck;
  /**
   * Counts `amount` more hits for a request `check` let through: a request that asks for several things
   * weighs several. Past `max`, all its hits are given back (a refused request spends nothing of what is
   * left) and it is refused with 429 RATE_LIMITED and Retry-After.
   */
  weigh: (request: FastifyRequest, reply: FastifyReply, amount: number) => Promise<void>;
}

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
      onResponse: onResponseHookHandler;
    };
    /**
     * `max` requests per `timeWindow` ms per visitor, counted in the budget `name` (routes that name the
     * same budget share it). A route whose one hook runs `check` gets the give-back after a 5xx.
     */
    requestLimit: (name: string, limit: { max: number; timeWindow: number }) => RequestLimit;
  }
}

/** Adds `hook` to one of a route's hook lists, after the ones it has. */
export function appendRouteHook(route: RouteOptions, name: 'onResponse', hook: onResponseHookHandler): void {
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
    // Per request: each key it was counted under, and how many hits, in a slot every request has: a
    // decoration keeps the request's shape, where a WeakMap entry per request showed in the lookup's profile.
    app.decorateRequest(hitsSlot, null);
    const hitsOf = (request: FastifyRequest) => (request as CountedRequest)[hitsSlot];
    const counted = (request: FastifyRequest, key: string, amount = 1) => {
      const keys = ((request as CountedRequest)[hitsSlot] ??= new Map<string, number>());
      keys.set(key, (keys.get(key) ?? 0) + amount);
    };

    const limitChecks = new WeakSet<RequestCheck>();
    const requestLimit = (name: string, { max, timeWindow }: { max: number; timeWindow: number }): RequestLimit => {
      // Routes of one budget share one key space, as routes of one `groupId` do.
      const space = groupKeySpace(name);
      const keyOf = (request: FastifyRequest) => `${space}${clientKey(request.ip)}`;
      // The headers and the answer of @fastify/rate-limit's own route hook.
      const verdict = (request: FastifyRequest, reply: FastifyReply, key: string, { current, ttl }: Spent) => {
        const seconds = Math.ceil(ttl / 1000);
        reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', Math.max(0, max - current)).header('x-ratelimit-reset', seconds);
        if (current <= max) {
          counted(request, key);
          return undefined;
        }
        return tooMany(reply, seconds);
      };
      // Synchronous where the counts are in memory (SQLite): no promise for the request to wait on.
      const check: RequestCheck = (request, reply) => {
        const key = keyOf(request);
        const spent = counts.spend(key, 1, timeWindow);
        return spent instanceof Promise ? spent.then((settled) => verdict(request, reply, key, settled)) : verdict(request, reply, key, spent);
      };
      limitChecks.add(check);
      const weigh = async (request: FastifyRequest, reply: FastifyReply, amount: number) => {
        const key = keyOf(request);
        const keys = hitsOf(request);
        // Not counted by `check` (refused, or no limit on this route): nothing to weigh.
        if (amount <= 0 || !keys?.has(key)) return;
        const { current, ttl } = await counts.spend(key, amount, timeWindow);
        if (current > max) {
          await counts.giveBack(key, amount + keys.get(key)!);
          keys.delete(key);
          throw tooMany(reply, Math.max(1, Math.ceil(ttl / 1000)));
        }
        counted(request, key, amount);
      };
      return { check, weigh };
    };

    const giveBack = async (request: FastifyRequest, keys: Map<string, number>) => {
      for (const [key, amount] of keys) {
        await counts.giveBack(key, amount).catch((error: unknown) => {
          if (app.databaseHealth.outageCovers(error)) return;
          request.log.warn({ reqId: request.id, err: error }, 'a rate-limit hit of a failed request could not be given back');
        });
      }
    };
    const onResponse: onResponseHookHandler = (request, reply, done) => {
      const keys = hitsOf(request);
      if (!keys || reply.statusCode < 500) return done();
      (request as CountedRequest)[hitsSlot] = null;
      void giveBack(request, keys).then(() => done());
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
    app.decorate('requestLimit', requestLimit);
    // Only the limited routes carry the hook: the others pay nothing.
    app.addHook('onRoute', (route) => {
      if (route.config?.rateLimit || routeChecks(route).some((check) => limitChecks.has(check))) appendRouteHook(route, 'onResponse', onResponse);
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);
