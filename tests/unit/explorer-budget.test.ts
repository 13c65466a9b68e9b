import { describe, expect, it } from 'vitest';
import { ExplorerBudget } from '../../server/integrations/explorer-budget.js';

const host = 'mempool.space';

/** How many of `attempts` requests, one every `everyMs` from `start`, the budget lets through. */
function allowed(budget: ExplorerBudget, attempts: number, everyMs: number, start = 0): number {
  let count = 0;
  for (let i = 0; i < attempts; i++) if (budget.take(host, start + i * everyMs)) count++;
  return count;
}

describe('the request budget of an explorer host', () => {
  it('lets at most the budget through in any minute, and each host has its own', () => {
    const budget = new ExplorerBudget(30);
    expect(allowed(budget, 100, 100)).toBe(30);
    expect(budget.take('blockstream.info', 5_000)).toBe(true);
    // A minute after the first requests, as many again.
    expect(allowed(budget, 100, 100, 60_001)).toBe(30);
  });

  it('waits out a Retry-After, and backs off longer than it when it is shorter', () => {
    const budget = new ExplorerBudget(30);
    budget.busy(host, 0, 120_000);
    expect(budget.take(host, 119_999)).toBe(false);
    expect(budget.take(host, 120_000)).toBe(true);
    budget.busy(host, 200_000, 1_000);
    // The second refusal in a row: a backoff of 30 s, longer than the 1 s asked for.
    expect(budget.take(host, 229_999)).toBe(false);
    expect(budget.take(host, 230_000)).toBe(true);
  });

  it('doubles the wait after each failure in a row, up to 15 minutes, and starts over after an answer', () => {
    const budget = new ExplorerBudget(30);
    const waits: number[] = [];
    let now = 0;
    for (let i = 0; i < 8; i++) {
      budget.failed(host, now);
      let wait = 0;
      while (!budget.take(host, now + wait)) wait += 1_000;
      waits.push(wait);
      now += wait;
    }
    expect(waits).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
    budget.answered(host);
    budget.failed(host, now);
    expect(budget.take(host, now + 14_999)).toBe(false);
    expect(budget.take(host, now + 15_000)).toBe(true);
  });
});
