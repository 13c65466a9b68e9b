import type { FastifyInstance } from 'fastify';

export interface GracefulShutdownOptions {
  /** SHUTDOWN_GRACE_MS: how long the server keeps answering, not ready, before it closes its listener. */
  graceMs: number;
  /** After the grace: how long the requests in flight may take before the process stops regardless. */
  hardStopMs: number;
  exit: (code: number) => void;
  /** Resolves after `ms` (tests pass one they control). */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The handler of SIGTERM and SIGINT. First /readyz turns 503 and every answer closes its connection,
 * for `graceMs`, so a proxy's health check sees the process leaving and sends nobody new; only then
 * the listener closes and the requests in flight finish (one that still arrives on an open connection
 * is answered too, with `Connection: close`), and the process exits 0. A second signal during
 * the grace ends it at once (Ctrl-C twice).
 */
export function gracefulShutdown(app: FastifyInstance, options: GracefulShutdownOptions): (signal: string) => Promise<void> {
  const { graceMs, hardStopMs, exit, wait = sleep } = options;
  let endGrace: (() => void) | null = null;
  let started = false;

  return async (signal) => {
    if (started) {
      endGrace?.();
      return;
    }
    started = true;
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
