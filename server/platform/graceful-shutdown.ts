import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

export interface GracefulShutdownOptions {
  /** SHUTDOWN_GRACE_MS: how long the server keeps answering, not ready, before it closes its listener. */
  graceMs: number;
  /** After the grace: how long the requests in flight may take before the process stops regardless. */
  hardStopMs: number;
  exit: (code: number) => void;
  /** Resolves after `ms` (tests pass one they control). */
  wait?: (ms: number) => Promise<void>;
  /** Milliseconds on a monotonic clock (tests pass one they control). */
  now?: () => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A SIGINT this soon after the first signal is that same Ctrl-C passed on: npm, tsx and scripts/start.ts
 * each forward what their process group already received. A person presses twice more slowly.
 */
const sameSignalWithinMs = 1000;

/**
 * The handler of SIGTERM and SIGINT. First /readyz turns 503 and every answer closes its connection,
 * for `graceMs`, so a proxy's health check sees the process leaving and sends nobody new; only then
 * the listener closes and the requests in flight finish (one that still arrives on an open connection
 * is answered too, with `Connection: close`), and the process exits 0. Only a SIGINT at least
 * `sameSignalWithinMs` after the first signal ends the grace at once (Ctrl-C pressed twice); every
 * other signal during it is a copy of the first (npm forwards what the whole group received, and a
 * process manager may send SIGTERM again) and changes nothing.
 */
export function gracefulShutdown(app: FastifyInstance, options: GracefulShutdownOptions): (signal: string) => Promise<void> {
  const { graceMs, hardStopMs, exit, wait = sleep, now = () => performance.now() } = options;
  let endGrace: (() => void) | null = null;
  let startedAt: number | null = null;

  return async (signal) => {
    if (startedAt !== null) {
      if (endGrace && signal === 'SIGINT' && now() - startedAt >= sameSignalWithinMs) {
        app.log.info({ signal }, 'shutting down now: a second SIGINT ends the grace');
        endGrace();
      } else app.log.debug({ signal }, 'signal ignored: already shutting down');
      return;
    }
    startedAt = now();
    app.draining.begin();
    app.log.info(
      { signal, graceMs },
      `shutting down: /readyz answers 503 and every answer closes its connection; the listener closes in ${graceMs} ms`,
    );
    await new Promise<void>((resolve) => {
      endGrace = resolve;
      void wait(graceMs).then(resolve);
    });
    endGrace = null;

    const hardStop = setTimeout(() => {
      app.log.error(`requests still running ${hardStopMs} ms after the listener closed; stopping anyway`);
      exit(1);
    }, hardStopMs);
    hardStop.unref();
    try {
      await app.close();
      app.log.info('closed: every request answered');
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'closing failed');
      exit(1);
    }
  };
}
