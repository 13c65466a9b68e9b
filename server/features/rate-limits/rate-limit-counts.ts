import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/**
 * A @fastify/rate-limit store, and a way to give one counted hit back: a request the server failed
 * (5xx) is not held against the visitor who sent it.
 */
export interface RateLimitCounts {
  Store: FastifyRateLimitStoreCtor;
  /** Uncounts one hit of `key` (its route's key space and the limiter's key) in the current window. */
  giveBack(key: string): Promise<void>;
}

/**
 * Each route limit counts in a key space of its own (method and URL), as the plugin's own stores keep
 * routes apart; limiters made with `createRateLimit` have no route, and their keys name their own space.
 */
export function routeKeySpace(route: { method?: unknown; url?: unknown } | undefined): string {
  return route?.url ? `${String(route.method)} ${String(route.url)} ` : '';
}
