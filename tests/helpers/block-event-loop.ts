/**
 * Keeps this process's event loop blocked in long synchronous stretches with short gaps, as a server
 * saturated by a spike is: the gaps let requests in, every sample of the loop delay sees a stretch.
 * Returns the function that frees it.
 */
export function blockTheEventLoop(): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + 200;
    while (performance.now() < until) {
      // busy: nothing else runs
    }
  }, 10);
  return () => clearInterval(timer);
}
