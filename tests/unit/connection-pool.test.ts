import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Checkouts, connectionPoolOf, noPool, waitedTooLong } from '../../server/platform/db/connection-pool.js';

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

  it('is too long only past the bound, and never with a bound of 0', () => {
    expect(waitedTooLong({ oldestWaitMs: 100 }, 100)).toBe(false);
    expect(waitedTooLong({ oldestWaitMs: 101 }, 100)).toBe(true);
    expect(waitedTooLong({ oldestWaitMs: 60_000 }, 0)).toBe(false);
  });

  it('never is on SQLite, which has no pool', () => {
    expect(noPool.oldestWaitMs).toBe(0);
    expect(waitedTooLong(noPool, 1)).toBe(false);
  });

  it("is none while pg's pool has no call waiting, whatever a call opening a connection has taken", async () => {
    let now = 0;
    const checkouts = new Checkouts(() => now);
    const pool = new pg.Pool({ max: 3 });
    const state = connectionPoolOf(pool, 3, checkouts);
    checkouts.asked();
    now = 5_000;
    expect({ max: state.max, open: state.open, idle: state.idle, waiting: state.waiting, oldestWaitMs: state.oldestWaitMs }).toEqual({
      max: 3,
      open: 0,
      idle: 0,
      waiting: 0,
      oldestWaitMs: 0,
    });
    await pool.end();
  });
});
