import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { memoryRateLimitStore } from '../../server/features/rate-limits/memory-rate-limit-store.js';

const windowMs = 60_000;

function hit(store: FastifyRateLimitStore, key: string): { current: number; ttl: number } {
  let answer: { current: number; ttl: number } | undefined;
  store.incr(key, (error, result) => {
    if (error) throw error;
    answer = result;
  }, windowMs, 5);
  return answer!;
}

function setUp(maxKeys?: number) {
  let now = 1_900_000_000_000;
  const counts = memoryRateLimitStore({ now: () => now, ...(maxKeys ? { maxKeys } : {}) });
  const root = new counts.Store({});
  const route = (url: string) => root.child({ routeInfo: { method: 'POST', url } } as never);
  return { counts, route, limiter: () => root.child({ routeInfo: {} } as never), advance: (ms: number) => (now += ms) };
}

describe('the in-memory rate-limit store', () => {
  it('counts each hit in the window with the time left, and starts over when the window ends', () => {
    const { route, advance } = setUp();
    const login = route('/api/auth/login');
    expect(hit(login, '203.0.113.1')).toEqual({ current: 1, ttl: windowMs });
    advance(10_000);
    expect(hit(login, '203.0.113.1')).toEqual({ current: 2, ttl: windowMs - 10_000 });
    advance(windowMs);
    expect(hit(login, '203.0.113.1')).toEqual({ current: 1, ttl: windowMs });
  });

  it('keeps routes apart, and limiters without a route in the space their keys name', () => {
    const { route, limiter } = setUp();
    hit(route('/api/auth/login'), '203.0.113.2');
    expect(hit(route('/api/auth/verify'), '203.0.113.2').current).toBe(1);
    expect(hit(route('/api/auth/login'), '203.0.113.2').current).toBe(2);
    hit(limiter(), 'cost:upload:user:1');
    expect(hit(limiter(), 'cost:upload:user:1').current).toBe(2);
  });

  it('gives a hit back within its window only, and never below zero', async () => {
    const { counts, route, advance } = setUp();
    const login = route('/api/auth/login');
    hit(login, '203.0.113.3');
    hit(login, '203.0.113.3');
    await counts.giveBack('POST /api/auth/login 203.0.113.3');
    expect(hit(login, '203.0.113.3').current).toBe(2);
    for (let i = 0; i < 3; i += 1) await counts.giveBack('POST /api/auth/login 203.0.113.3');
    expect(hit(login, '203.0.113.3').current).toBe(1);
    advance(windowMs);
    await counts.giveBack('POST /api/auth/login 203.0.113.3');
    expect(hit(login, '203.0.113.3').current).toBe(1);
  });

  it('counts a request that weighs several hits in the same window, routes of one group in one space', async () => {
    const { counts, advance } = setUp();
    const root = new counts.Store({});
    const grouped = (url: string) =>
      root.child({ routeInfo: { method: 'POST', url, config: { rateLimit: { groupId: 'allocation-lookup' } } } } as never);
    expect(hit(grouped('/api/allocation/lookup'), '203.0.113.5').current).toBe(1);
    expect(hit(grouped('/api/allocation/lookup-many'), '203.0.113.5').current).toBe(2);
    advance(5_000);
    expect(await counts.spend('group allocation-lookup 203.0.113.5', 3, windowMs)).toEqual({ current: 5, ttl: windowMs - 5_000 });
    await counts.giveBack('group allocation-lookup 203.0.113.5', 4);
    expect(hit(grouped('/api/allocation/lookup'), '203.0.113.5').current).toBe(2);
    await counts.giveBack('group allocation-lookup 203.0.113.5', 10);
    expect(hit(grouped('/api/allocation/lookup'), '203.0.113.5').current).toBe(1);
  });

  it('keeps at most maxKeys windows, dropping ended ones first, then the oldest', () => {
    const { route, advance } = setUp(3);
    const login = route('/api/auth/login');
    hit(login, 'a');
    advance(windowMs);
    hit(login, 'b');
    hit(login, 'c');
    hit(login, 'c');
    hit(login, 'd');
    hit(login, 'e');
    // "a" had ended and went first; then "b", the oldest live one, made room for "e".
    expect(hit(login, 'c').current).toBe(3);
    expect(hit(login, 'b').current).toBe(1);
  });
});
