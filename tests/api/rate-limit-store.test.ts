import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { databaseRateLimitStore } from '../../server/features/rate-limits/database-rate-limit-store.js';
import { deleteEndedRateLimits } from '../../server/features/rate-limits/rate-limits.repository.js';
import { useTestDatabase } from '../helpers/build-app.js';

/** The database rate-limit store on whichever database the run uses (SQLite, or PostgreSQL with TEST_DATABASE_URL). */

const testDb = useTestDatabase();
let now = 1_900_000_000_000;
const clock = () => now;

const windowMs = 60_000;

function hit(store: FastifyRateLimitStore, key: string): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 5));
}

/** A store as the plugin makes one for a route: constructed, then a child for the route. */
function routeStore(url: string): FastifyRateLimitStore {
  const { Store } = databaseRateLimitStore(testDb.db, clock);
  return new Store({}).child({ routeInfo: { method: 'POST', url } } as never);
}

describe('the database rate-limit store', () => {
  it('counts each hit in the window with the time left, and starts over when the window ends', async () => {
    const store = routeStore('/api/auth/login');
    expect(await hit(store, '203.0.113.1')).toEqual({ current: 1, ttl: windowMs });
    now += 10_000;
    expect(await hit(store, '203.0.113.1')).toEqual({ current: 2, ttl: windowMs - 10_000 });
    now += windowMs;
    expect(await hit(store, '203.0.113.1')).toEqual({ current: 1, ttl: windowMs });
  });

  it('shares one count between stores of different processes, and keeps routes and keys apart', async () => {
    const [one, other] = [routeStore('/api/auth/login'), routeStore('/api/auth/login')];
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => hit(index % 2 ? one : other, '203.0.113.2')));
    expect(results.map((result) => result.current).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await hit(routeStore('/api/auth/verify'), '203.0.113.2')).current).toBe(1);
    expect((await hit(one, '203.0.113.3')).current).toBe(1);
  });

  it('gives a hit back within its window only, and never below zero', async () => {
    const { giveBack } = databaseRateLimitStore(testDb.db, clock);
    const store = routeStore('/api/auth/login');
    await hit(store, '203.0.113.4');
    await hit(store, '203.0.113.4');
    await giveBack('POST /api/auth/login 203.0.113.4');
    expect((await hit(store, '203.0.113.4')).current).toBe(2);
    for (let i = 0; i < 3; i += 1) await giveBack('POST /api/auth/login 203.0.113.4');
    expect((await hit(store, '203.0.113.4')).current).toBe(1);
    now += windowMs;
    await giveBack('POST /api/auth/login 203.0.113.4');
    expect((await hit(store, '203.0.113.4')).current).toBe(1);
  });

  it('counts a request that weighs several hits in the live window, and gives several back, never below zero', async () => {
    const { Store, spend, giveBack } = databaseRateLimitStore(testDb.db, clock);
    const grouped = (url: string) =>
      new Store({}).child({ routeInfo: { method: 'POST', url, config: { rateLimit: { groupId: 'allocation-lookup' } } } } as never);
    expect((await hit(grouped('/api/allocation/lookup'), '203.0.113.5')).current).toBe(1);
    expect((await hit(grouped('/api/allocation/lookup-many'), '203.0.113.5')).current).toBe(2);
    now += 5_000;
    expect(await spend('group allocation-lookup 203.0.113.5', 3, windowMs)).toEqual({ current: 5, ttl: windowMs - 5_000 });
    await giveBack('group allocation-lookup 203.0.113.5', 4);
    expect((await hit(grouped('/api/allocation/lookup'), '203.0.113.5')).current).toBe(2);
    await giveBack('group allocation-lookup 203.0.113.5', 10);
    expect((await hit(grouped('/api/allocation/lookup'), '203.0.113.5')).current).toBe(1);
  });

  it('deletes only the counters whose window has ended', async () => {
    const store = routeStore('/api/auth/login');
    await hit(store, 'old');
    now += windowMs / 2;
    await hit(store, 'young');
    expect(await deleteEndedRateLimits(testDb.db, now + windowMs / 2)).toBe(1);
    expect((await hit(store, 'young')).current).toBe(2);
  });
});
