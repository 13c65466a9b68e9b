import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backlogged, Checkouts, connectionPoolOf, noPool } from '../../server/platform/db/connection-pool.js';

describe('the wait for a database connection', () => {
  it('is the oldest unsettled call’s, counted from when it asked', () => {
    let now = 1_000;
    const checkouts = new Checkouts(() => now);
    expect(checkouts.oldestWaitMs()).toBe(0);
    checkouts.asked();
    now = 1_010;
    checkouts.asked();
    now = 1_150;
    expect(checkouts.oldestWaitMs()).toBe(150);
    checkouts.settled();
    expect(checkouts.oldestWaitMs()).toBe(140);
    checkouts.settled();
    expect(checkouts.oldestWaitMs()).toBe(0);
  });

  it('a new call would have is the calls ahead of it times the mean hold, over the connections', () => {
    let now = 0;
    const checkouts = new Checkouts(() => now);
    const [first, second] = [{}, {}];
    checkouts.given(first);
    now = 4;
    checkouts.returned(first);
    expect(checkouts.meanHoldMs()).toBe(4);
    checkouts.given(second);
    now = 28;
    checkouts.returned(second);
    // The mean follows the newest holds by a twentieth each.
    expect(checkouts.meanHoldMs()).toBeCloseTo(5);
    checkouts.returned(second);
    expect(checkouts.meanHoldMs()).toBeCloseTo(5);
  });

  it('is too long past the bound, expected or already waited, and never with a bound of 0', () => {
    expect(backlogged({ oldestWaitMs: 100, expectedWaitMs: 100 }, 100)).toBe(false);
    expect(backlogged({ oldestWaitMs: 101, expectedWaitMs: 0 }, 100)).toBe(true);
    expect(backlogged({ oldestWaitMs: 0, expectedWaitMs: 101 }, 100)).toBe(true);
    expect(backlogged({ oldestWaitMs: 60_000, expectedWaitMs: 60_000 }, 0)).toBe(false);
  });

  it('never is on SQLite, which has no pool', () => {
    expect(noPool.oldestWaitMs).toBe(0);
    expect(backlogged(noPool, 1)).toBe(false);
  });

  it("is none while pg's pool has no call waiting, whatever a call opening a connection has taken", async () => {
    let now = 0;
    const checkouts = new Checkouts(() => now);
    const pool = new pg.Pool({ max: 3 });
    const state = connectionPoolOf(pool, 3, checkouts);
    checkouts.asked();
    now = 5_000;
    const { max, open, idle, waiting, oldestWaitMs, expectedWaitMs } = state;
    expect({ max, open, idle, waiting, oldestWaitMs, expectedWaitMs }).toEqual({ max: 3, open: 0, idle: 0, waiting: 0, oldestWaitMs: 0, expectedWaitMs: 0 });
    await pool.end();
  });
});
