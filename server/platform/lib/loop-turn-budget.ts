/**
 * A time budget per turn of the event loop. Node reads every connection that has data in one turn, and
 * with SQLite each request is answered within it: under a spike of thousands of connections a turn
 * runs every waiting request in turn, so each one's wait is the whole turn. Refusing what arrives once
 * the turn has spent `budgetMs` keeps every turn, and so every wait, short; the refused requests are
 * the cheap ones to answer. A turn begins at its first request and ends when the loop reaches its check
 * phase (`setImmediate`), scheduled only by a first request: an idle loop schedules nothing.
 */
export function loopTurnBudget(
  budgetMs: number,
  clock: () => number = () => performance.now(),
  afterTurn: (callback: () => void) => void = (callback) => setImmediate(callback),
) {
  let turnStartedAt: number | null = null;
  const endTurn = () => {
    turnStartedAt = null;
  };
  return {
    /** Whether this turn has spent its budget (the first request of a turn starts it and is admitted). */
    exhausted(): boolean {
      const now = clock();
      if (turnStartedAt === null) {
        turnStartedAt = now;
        afterTurn(endTurn);
        return false;
      }
      return now - turnStartedAt > budgetMs;
    },
  };
}
