import fp from 'fastify-plugin';
import { createLookupTally, type LookupTally, lookupFlushMs } from './lookup-counts.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's allocation lookups, counted in memory and added to lookup_counts every few seconds. */
    lookupCounts: LookupTally;
  }
}

/**
 * Counts the allocation lookups this process answers per minute and adds them to the table every
 * process adds to, every `lookupFlushMs` and when the app closes (after its last request, before the
 * database closes). A failed write is logged (unless the database is away: its outage is logged once)
 * and tried again with the next.
 */
export default fp<{ now?: () => number }>(
  async (app, { now = Date.now }) => {
    const tally = createLookupTally(app.db, now);
    app.decorate('lookupCounts', tally);
    const flush = () =>
      tally.flush().catch((error: unknown) => {
        if (!app.databaseHealth.outageCovers(error)) app.log.warn({ err: error }, 'could not add the lookup counts; kept for the next try');
      });

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      // unref: the timer alone never keeps the process alive.
      timer = setInterval(() => void flush(), lookupFlushMs).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      // Twice: the first may be a write already under way that began before the last lookups.
      await flush();
      await flush();
    });
  },
  { name: 'lookup-counts', dependencies: ['database'] },
);
