import { describe, expect, it } from 'vitest';
import { loopTurnBudget } from '../../server/platform/lib/loop-turn-budget.js';

/** A clock the test moves, and the end of the current turn run when the test says the turn is over. */
function fakeLoop() {
  let now = 0;
  let endOfTurn: (() => void) | null = null;
  return {
    clock: () => now,
    afterTurn: (callback: () => void) => {
      endOfTurn = callback;
    },
    spend: (ms: number) => {
      now += ms;
    },
    endTurn: () => {
      endOfTurn?.();
      endOfTurn = null;
    },
  };
}

describe('loop turn budget', () => {
  it('admits requests until the turn has spent its budget, then refuses the rest of that turn', () => {
    const loop = fakeLoop();
    const budget = loopTurnBudget(50, loop.clock, loop.afterTurn);
    expect(budget.exhausted()).toBe(false);
    loop.spend(30);
    expect(budget.exhausted()).toBe(false);
    loop.spend(30);
    expect(budget.exhausted()).toBe(true);
    expect(budget.exhausted()).toBe(true);
  });

  it('starts each turn with a whole budget', () => {
    const loop = fakeLoop();
    const budget = loopTurnBudget(50, loop.clock, loop.afterTurn);
    budget.exhausted();
    loop.spend(80);
    expect(budget.exhausted()).toBe(true);
    loop.endTurn();
    expect(budget.exhausted()).toBe(false);
  });

  it('does not count the idle time before the first request of a turn', () => {
    const loop = fakeLoop();
    const budget = loopTurnBudget(50, loop.clock, loop.afterTurn);
    budget.exhausted();
    loop.endTurn();
    loop.spend(10_000);
    expect(budget.exhausted()).toBe(false);
    loop.spend(10);
    expect(budget.exhausted()).toBe(false);
  });

  it('schedules one end of turn per turn, not one per request', () => {
    const loop = fakeLoop();
    let scheduled = 0;
    const budget = loopTurnBudget(50, loop.clock, (callback) => {
      scheduled++;
      loop.afterTurn(callback);
    });
    for (let request = 0; request < 100; request++) budget.exhausted();
    expect(scheduled).toBe(1);
    loop.endTurn();
    budget.exhausted();
    expect(scheduled).toBe(2);
  });
});
