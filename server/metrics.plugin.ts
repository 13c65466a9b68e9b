import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './platform/config.js';
import { AppError, unauthorized } from './platform/errors.js';
import type { LookupCounter } from './features/allocation/index.js';
import { uncountedLookups } from './features/allocation/index.js';
import { listCompleteBackups } from './features/backups/index.js';
import { type ClaimCounter, uncountedClaims } from './features/claims/index.js';
import { disputeCounts } from './features/disputes/index.js';
import { countPayoutsByState } from './features/payouts/index.js';
import { type UpstreamSource, type UpstreamState, type UpstreamStateReader, unwatchedUpstreams, type UpstreamWatch } from './platform/lib/upstream-state.js';
import { DatabaseBusyError } from './platform/db/waiting-sqlite-driver.js';
import { createAppMetrics } from './app-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters the features feed and the outside sources they watch; nothing is kept while metrics are off. */
    metrics: { lookups: LookupCounter; claims: ClaimCounter; upstreams: UpstreamWatch & UpstreamStates };
  }
}

/** The state of every watched outside source now, read whether metrics are on or off (the console's overview). */
interface UpstreamStates {
  states(): Partial<Record<UpstreamSource, UpstreamState | null>>;
}

/** Keeps every source watched, and passes each on to `also` (the metrics gauge). */
function knownUpstreams(also: UpstreamWatch): UpstreamWatch & UpstreamStates {
  const watched = new Map<UpstreamSource, UpstreamStateReader>();
  return {
    watch(source, state) {
      watched.set(source, state);
      also.watch(source, state);
    },
    states: () => Object.fromEntries([...watched].map(([source, read]) => [source, read()])),
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time: equal-length digests, so neither the length nor a prefix leaks. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
  return timingSafeEqual(digest(token), expected);
}

/**
 * `GET /metrics` in Prometheus text format, behind METRICS_TOKEN. Unset: no route, no hook, nothing
 * counted. Registered after the database and launch plugins (it reads them) and before the routes
 * (its hooks must apply to them).
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    if (config.metricsToken === null) {
      app.decorate('metrics', { lookups: uncountedLookups, claims: uncountedClaims, upstreams: knownUpstreams(unwatchedUpstreams) });
      return;
    }
    const expected = digest(config.metricsToken);
    const metrics = createAppMetrics({
      databaseReachable: () => app.databaseHealth.reachable,
      databasePoolWaiting: () => app.databasePool.waiting,
      sheddingActive: () => app.shedding.active(),
      launchState: async () => {
        const state = await app.launch.publicState();
        return { revealed: state.allocation.revealed, paused: state.pause !== null };
      },
      lastGoodBackupAt: () => listCompleteBackups(config.backupDir)[0]?.createdAt ?? null,
      disputesByStatus: () => disputeCounts(app.db),
      payoutsByState: () => countPayoutsByState(app.db),
      payoutCheck: () => app.payoutCheck.totals(),
      readFailed: (what, error) => {
        if (!app.databaseHealth.outageCovers(error)) app.log.warn({ err: error }, `metrics: could not read ${what}; the last value stays`);
      },
    });
    app.decorate('metrics', { lookups: metrics.lookups, claims: metrics.claims, upstreams: knownUpstreams(metrics.upstreams) });
    const stopWatching = app.databaseHealth.onChange((change) => {
      if (!change.reachable) metrics.outage();
    });
    app.addHook('onClose', async () => stopWatching());

    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
      done();
    });
    app.shedding.onShedBeforeRouting(() => metrics.shed());
    // Only failed requests pass here; the error handler (platform/http/error-handler.ts) shapes their answers.
    app.addHook('onError', (_request, _reply, error, done) => {
      if (error instanceof AppError && error.code === 'SERVER_BUSY') metrics.shed();
      else if (error instanceof DatabaseBusyError) metrics.databaseBusy();
      done();
    });

    app.get(
      '/metrics',
      {
        schema: { hide: true },
        onRequest: async (request) => {
          if (!bearerMatches(request.headers.authorization, expected)) throw unauthorized('A valid metrics token is required.');
        },
      },
      async (_request, reply) => {
        reply.type(metrics.registry.contentType);
        return metrics.registry.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['database', 'launch', 'load-shedding', 'payout-check'] },
);
