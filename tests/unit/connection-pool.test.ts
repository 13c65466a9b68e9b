import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectionPoolOf, noPool, tooManyWaiting } from '../../server/platform/db/connection-pool.js';

describe('calls waiting for a database connection', () => {
  it('are too many once as many as the limit wait', () => {
    expect(tooManyWaiting({ waiting: 19 }, 20)).toBe(false);
    expect(tooManyWaiting({ waiting: 20 }, 20)).toBe(true);
    expect(tooManyWaiting({ waiting: 500 }, 20)).toBe(true);
  });

  it('are never too many with a limit of 0', () => {
    expect(tooManyWaiting({ waiting: 0 }, 0)).toBe(false);
    expect(tooManyWaiting({ waiting: 10_000 }, 0)).toBe(false);
  });

  it('never are on SQLite, which has no pool', () => {
    expect(noPool.waiting).toBe(0);
    expect(tooManyWaiting(noPool, 1)).toBe(false);
  });

  it("are read from pg's pool as it is now", async () => {
    const pool = new pg.Pool({ max: 3 });
    const state = connectionPoolOf(pool, 3);
    expect({ max: state.max, open: state.open, idle: state.idle, waiting: state.waiting }).toEqual({ max: 3, open: 0, idle: 0, waiting: 0 });
    await pool.end();
  });
});
