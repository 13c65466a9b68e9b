import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/**
 * A @fastify/rate-limit store, and a way to give one counted hit back: a request the server failed
 * (5xx) is not held against the visitor who sent it.
 */
export interface RateLimitCounts {
  Store: FastifyRateLimitStoreCtor;
  /** Uncounts `amount` hits (default 1) of `key` (its key space and the limiter's key) in the current window. */
  giveBack(key: string, amount?: number): Promise<void>;
  /**
   * Counts `amount` more hits of `key` in its live window (or a new one): a request that weighs more than
   * one. At once where the counts are in memory, a promise where they are in the database.
   */
  spend(key: string, amount: number, timeWindow: number): Spent | Promise<Spent>;
}

/** A key's hits in its window so far, and the milliseconds left of the window. */
export interface Spent {
  current: number;
  ttl: number;
}

/**
 * Each route limit counts in a key space of its own (method and URL), as the plugin's own stores keep
 * routes apart; limiters made with `createRateLimit` have no route, and their keys name their own space.
 */
export function routeKeySpace(route: RouteInfo | undefined): string {
  // Routes of one group (`config.rateLimit.groupId`) share one budget per visitor.
  const limit = route?.config?.rateLimit;
  const group = typeof limit === 'object' && limit !== null ? limit.groupId : undefined;
  if (typeof group === 'string') return groupKeySpace(group);
  return route?.url ? `${String(route.method)} ${String(route.url)} ` : '';
}

/** The key space of the budget `group`, which every route naming it shares. */
export function groupKeySpace(group: string): string {
  return `group ${group} `;
}

interface RouteInfo {
  method?: unknown;
  url?: unknown;
  config?: { rateLimit?: { groupId?: unknown } | boolean | null } | null;
}
