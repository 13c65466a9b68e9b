import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type RateLimitCounts, routeKeySpace } from './rate-limit-counts.js';
import { countRateLimitHit, uncountRateLimitHit } from './rate-limits.repository.js';

/**
 * A @fastify/rate-limit store that counts in the database, so every process behind a balancer
 * counts against the same limit. Each route limit gets its own key space (method and URL), as
 * the plugin's own stores do; limiters made with `createRateLimit` have no route, so their key
 * generators name their own space. `continueExceeding` and `exponentialBackoff` are not used by
 * this app and not supported.
 */
export function databaseRateLimitStore(db: Kysely<Database>, now: () => number = Date.now): RateLimitCounts {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const at = now();
      countRateLimitHit(db, `${this.prefix}${key}`, timeWindow, at).then(
        ({ count, expiresAt }) => callback(null, { current: count, ttl: Math.max(0, expiresAt - at) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes the merged limit settings, the route under `routeInfo` (empty for createRateLimit).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${routeKeySpace(route)}`);
    }
  }
  return {
    Store: DatabaseRateLimitStore,
    giveBack: (key, amount = 1) => uncountRateLimitHit(db, key, now(), amount),
    spend: async (key, amount, timeWindow) => {
      const at = now();
      const { count, expiresAt } = await countRateLimitHit(db, key, timeWindow, at, amount);
      return { current: count, ttl: Math.max(0, expiresAt - at) };
    },
  };
}
