import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { type RateLimitCounts, routeKeySpace } from './rate-limit-counts.js';

interface Window {
  count: number;
  endsAt: number;
}

/**
 * The counts of a single process (SQLite), in memory: the plugin's own store with a way to give a hit
 * back. At most `maxKeys` windows are kept; past that, ended windows are dropped, then the oldest.
 */
export function memoryRateLimitStore({ now = Date.now, maxKeys = 50_000 }: { now?: () => number; maxKeys?: number } = {}): RateLimitCounts {
  const windows = new Map<string, Window>();

  function makeRoom(at: number): void {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    // A Map iterates in insertion order: the windows that started first go first.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  function count(fullKey: string, amount: number, timeWindow: number): { current: number; ttl: number } {
    const at = now();
    let window = windows.get(fullKey);
    if (!window || window.endsAt <= at) {
      windows.delete(fullKey);
      if (windows.size >= maxKeys) makeRoom(at);
      window = { count: 0, endsAt: at + timeWindow };
      windows.set(fullKey, window);
    }
    window.count += amount;
    return { current: window.count, ttl: window.endsAt - at };
  }

  class MemoryRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly keySpace = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      callback(null, count(`${this.keySpace}${key}`, 1, timeWindow));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes the merged limit settings, the route under `routeInfo` (empty for createRateLimit).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new MemoryRateLimitStore(undefined, `${this.keySpace}${routeKeySpace(route)}`);
    }
  }

  return {
    Store: MemoryRateLimitStore,
    giveBack: async (key, amount = 1) => {
      const window = windows.get(key);
      if (window && window.endsAt > now()) window.count = Math.max(0, window.count - amount);
    },
    spend: (key, amount, timeWindow) => count(key, amount, timeWindow),
  };
}
