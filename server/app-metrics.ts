import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type DisputeStatus, disputeStatuses } from '@shared/dispute-rules';
import type { LookupCounter } from './features/allocation/index.js';
import type { ClaimCounter } from './features/claims/index.js';
import { payoutStates } from './features/payouts/index.js';
import { createUpstreamStateGauge } from './platform/lib/upstream-metrics.js';

/** Every state a recorded payout can be in (not_sent is a pair without one). */
const recordedPayoutStates = payoutStates.filter((state) => state !== 'not_sent');

/** What is read at scrape time, not counted per request. */
export interface MetricsSources {
  databaseReachable: () => boolean;
  /** Calls waiting for a database connection now (always 0 on SQLite, which has no pool). */
  databasePoolWaiting: () => number;
  sheddingActive: () => boolean;
  launchState: () => Promise<{ revealed: boolean; paused: boolean }>;
  /** When the newest complete backup was taken; null when there is none. */
  lastGoodBackupAt: () => Date | null;
  /** One grouped count in the database; asked only while it is reachable. */
  disputesByStatus: () => Promise<Record<DisputeStatus, number>>;
  /** Recorded payouts by state (no `not_sent`: that is the list's pairs without one); asked only while the database is reachable. */
  payoutsByState: () => Promise<Map<string, number>>;
  /** This process's payout check: its requests to explorers, the failed ones, and when its last run ended. */
  payoutCheck: () => { requests: number; failedRequests: number; lastRunAt: number | null };
  /** A read at scrape time failed; the scrape answers without it. */
  readFailed: (what: string, error: unknown) => void;
}

/**
 * One registry per app (each process, and each app a test builds, has its own numbers). Request
 * counts are the histogram's `_count`, so a request costs one observe.
 */
export function createAppMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern (never the raw URL; "unmatched" when no route matched) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'allocation_lookups_total',
    help: 'Allocation lookups answered, by whether the wallet is on the list',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const found = lookups.labels('found');
  const notFound = lookups.labels('not_found');
  // Both series from the start, at 0, so a rate over them exists before the first lookup of each kind.
  found.inc(0);
  notFound.inc(0);
  const claims = new Counter({
    name: 'claims_total',
    help: 'Claims of points for a post on X, by kind (tweet, meme) and outcome: accepted, or the error code of the refusal',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  claims.labels('tweet', 'accepted').inc(0);
  claims.labels('meme', 'accepted').inc(0);
  const shed = new Counter({
    name: 'shed_requests_total',
    help: 'Requests answered 503 SERVER_BUSY by load shedding',
    registers: [registry],
  });
  const databaseBusy = new Counter({
    name: 'database_busy_total',
    help: 'Requests answered 503 DATABASE_BUSY: another process held the SQLite write lock past the busy timeout',
    registers: [registry],
  });
  const outages = new Counter({
    name: 'database_outages_total',
    help: 'Times the database became unreachable',
    registers: [registry],
  });
  new Gauge({
    name: 'database_reachable',
    help: '1 while the database answers, 0 while it is unreachable',
    registers: [registry],
    collect() {
      this.set(sources.databaseReachable() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'database_pool_waiting',
    help: 'Calls waiting for a database connection, every connection of the pool in use (always 0 on SQLite)',
    registers: [registry],
    collect() {
      this.set(sources.databasePoolWaiting());
    },
  });
  new Gauge({
    name: 'shedding_active',
    help: '1 while load shedding answers 503 SERVER_BUSY',
    registers: [registry],
    collect() {
      this.set(sources.sheddingActive() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'allocation_revealed',
    help: '1 once the allocation list is public, 0 before the reveal',
    registers: [registry],
    async collect() {
      this.set((await sources.launchState()).revealed ? 1 : 0);
    },
  });
  new Gauge({
    name: 'allocation_paused',
    help: '1 while lookups are paused (npm run launch -- pause)',
    registers: [registry],
    async collect() {
      this.set((await sources.launchState()).paused ? 1 : 0);
    },
  });
  new Gauge({
    name: 'allocation_disputes',
    help: 'Allocation disputes by status (open, answered, resolved); the last counts read stay while the database cannot be counted',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      if (!sources.databaseReachable()) return;
      try {
        const counts = await sources.disputesByStatus();
        for (const status of disputeStatuses) this.set({ status }, counts[status]);
      } catch (error) {
        sources.readFailed('allocation_disputes', error);
      }
    },
  });
  new Gauge({
    name: 'payouts',
    help: 'Recorded payouts by state: unchecked, unconfirmed, confirmed, dropped, not_found, wrong_address (pairs with no payout are not counted here)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (!sources.databaseReachable()) return;
      try {
        const counts = await sources.payoutsByState();
        for (const state of recordedPayoutStates) this.set({ state }, counts.get(state) ?? 0);
      } catch (error) {
        sources.readFailed('payouts', error);
      }
    },
  });
  // The check's own totals, read at scrape time: each counter takes what was added since the last scrape.
  const counted = { requests: 0, failedRequests: 0 };
  new Counter({
    name: 'payout_check_requests_total',
    help: 'Requests this process sent block explorers to check payout transactions',
    registers: [registry],
    collect() {
      const { requests } = sources.payoutCheck();
      this.inc(requests - counted.requests);
      counted.requests = requests;
    },
  });
  new Counter({
    name: 'payout_check_request_failures_total',
    help: 'Of those, the ones an explorer failed or refused (429, 503, an error, no answer)',
    registers: [registry],
    collect() {
      const { failedRequests } = sources.payoutCheck();
      this.inc(failedRequests - counted.failedRequests);
      counted.failedRequests = failedRequests;
    },
  });
  new Gauge({
    name: 'payout_check_last_run_timestamp_seconds',
    help: 'When this process last ran the payout check (unix seconds); NaN before its first run, or while another process runs it',
    registers: [registry],
    collect() {
      const at = sources.payoutCheck().lastRunAt;
      this.set(at === null ? Number.NaN : at / 1000);
    },
  });
  new Gauge({
    name: 'backup_last_good_timestamp_seconds',
    help: 'When the newest complete backup in BACKUP_DIR was taken (unix seconds); NaN when there is none',
    registers: [registry],
    collect() {
      const at = sources.lastGoodBackupAt();
      this.set(at === null ? Number.NaN : at.getTime() / 1000);
    },
  });

  const lookupCounter: LookupCounter = {
    counted: (isFound) => (isFound ? found : notFound).inc(),
  };
  const claimCounter: ClaimCounter = {
    counted: (kind, outcome) => claims.labels(kind, outcome).inc(),
  };

  return {
    registry,
    lookups: lookupCounter,
    claims: claimCounter,
    upstreams: createUpstreamStateGauge(registry),
    /** One answered request; `ms` from Fastify's reply.elapsedTime. */
    observe(method: string, route: string, status: number, ms: number): void {
      requests.observe({ method, route, status }, ms / 1000);
    },
    shed: () => shed.inc(),
    databaseBusy: () => databaseBusy.inc(),
    outage: () => outages.inc(),
  };
}

