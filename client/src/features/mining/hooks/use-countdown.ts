import { useEffect, useState } from 'react';

const minuteMs = 60_000;

/**
 * Minutes left until `endsAt`, rounded up like the server's cooldown, re-rendering only when the
 * shown minute changes. Calls `onDone` once the time is up.
 */
export function useMinutesLeft(endsAt: number, onDone: () => void): number {
  const [tick, setTick] = useState(0);
  // Read the clock on every render: a re-fetched cooldown moves endsAt between ticks.
  // eslint-disable-next-line react-hooks/purity -- see the line above; the timer below re-renders at each minute
  const remainingMs = Math.max(0, endsAt - Date.now());

  useEffect(() => {
    if (remainingMs <= 0) {
      onDone();
      return;
    }
    // Wake up when the rounded-up minute count drops, not on a fixed one-minute grid.
    const untilNextMinute = remainingMs % minuteMs || minuteMs;
    const timer = setTimeout(() => setTick((value) => value + 1), untilNextMinute + 50);
    return () => clearTimeout(timer);
    // onDone is a notification only; a new function identity must not restart the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above; remainingMs changes on every render
  }, [endsAt, tick, remainingMs <= 0]);

  return Math.ceil(remainingMs / minuteMs);
}
