import underPressure from '@fastify/under-pressure';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { backlogged } from '../db/connection-pool.js';
import { uploadsPrefix } from '../public-paths.js';
import { loopTurnBudget } from '../lib/loop-turn-budget.js';
import { oneHook, type RequestCheck, routeChecks } from './request-checks.js';
import { busy, serverBusy, serverBusyRetryAfterSeconds } from './server-busy.js';

/**
 * What is shed: the API, and the pages and images read from the database. Not shed: /healthz (a
 * liveness check must not fail for load), /readyz (it says "not ready" itself), the SPA's page and
 * its built files, which cost about what a 503 costs and without which a browser has no page to show
 * "busy, retrying" in (docs/decisions.md). Matched on the route, not the raw path (`/%61pi/…`).
 */
const shedRoutePrefixes = ['/api/', '/meme/', uploadsPrefix];

function isShedRoute(url: string): boolean {
  return shedRoutePrefixes.some((prefix) => url.startsWith(prefix));
}

declare module 'fastify' {
  interface FastifyInstance {
    shedding: {
      /** Whether requests are being shed now (always false while shedding is off). */
      active: () => boolean;
      /** Calls `listener` for each request shed before it reached the app (those raise no error). */
      onShedBeforeRouting: (listener: () => void) => void;
      /**
       * The shed check (503 SERVER_BUSY with Retry-After), for a route that runs it first in its own one
       * hook (`oneHook(app.shedding.check, …)`); every other shed route gets it as a hook of its own.
       */
      check: RequestCheck;
    };
  }
}

const passes: RequestCheck = () => undefined;

/** Marks a request admitted before routing (turn budget, pool), so the route's hook does not judge it again. */
const admittedBeforeRouting = Symbol('admitted before routing');
type JudgedRequest = IncomingMessage & { [admittedBeforeRouting]?: true };

/** A shed path as sent, for the early answer (anything spelled otherwise meets the hook). */
function hasShedPrefix(url: string | undefined): boolean {
  return url !== undefined && shedRoutePrefixes.some((prefix) => url.startsWith(prefix));
}

/**
 * The answer before routing while the turn budget is spent or the pool is backlogged. Under a spike
 * most requests are shed, so what a shed answer costs sets how long a turn lasts, and with it every
 * admitted request's wait (and on PostgreSQL, what is left of the core for the lookups admitted). On
 * the raw server, before Fastify builds a request and a reply, runs its hooks and logs a line, a 503
 * costs a fraction of what it costs as an error (docs/performance.md, "Launch spike"). The path is
 * matched as sent; a request spelled another way (`/%61pi/…`) goes on to the route-matched hook.
 * Not while draining: those answers need the app's `Connection: close`.
 */
function shedBeforeRouting(
  app: FastifyInstance,
  overloaded: () => boolean,
  shed: () => void,
): void {
  const handlers = app.server.listeners('request');
  if (handlers.length !== 1) throw new Error(`expected Fastify's one request handler on the server, found ${handlers.length}`);
  const [appHandler] = handlers as ((request: IncomingMessage, response: ServerResponse) => void)[];
  const body = JSON.stringify({ error: busy.code, message: busy.message });
  const headers = {
    ...app.apiSecurityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'retry-after': String(serverBusyRetryAfterSeconds),
  };
  app.server.removeListener('request', appHandler!);
  app.server.on('request', (request: JudgedRequest, response: ServerResponse) => {
    if (hasShedPrefix(request.url) && !app.draining.active) {
      if (overloaded()) {
        shed();
        response.writeHead(503, headers).end(body);
        return;
      }
      request[admittedBeforeRouting] = true;
    }
    appHandler!(request, response);
  });
}

/**
 * Load shedding, three ways, each answering shed requests 503 SERVER_BUSY with Retry-After at once
 * instead of letting them wait their turn behind the backlog:
 * - @fastify/under-pressure: while the event loop's mean delay over a sample is past
 *   SHED_EVENT_LOOP_DELAY_MS (sustained overload, whatever its cause);
 * - a budget per turn of the event loop (server/platform/lib/loop-turn-budget.ts): once a turn has spent
 *   SHED_TURN_BUDGET_MS on requests, the rest of that turn's requests are shed. A spike of thousands of
 *   connections puts them all in each turn, so without it every admitted request waits the whole turn
 *   (docs/performance.md, "Launch spike");
 * - the database's connection pool: while a call asking now would wait longer than SHED_POOL_WAIT_MS for
 *   a connection, or one has. On PostgreSQL a backlog waits there, where the event loop, idle meanwhile,
 *   cannot see it (docs/decisions.md).
 * All are one check (`app.shedding.check`), first in the onRequest hooks of every shed route: a hook of
 * its own, or the first check of a route's one hook (platform/http/request-checks.ts).
 * Only new requests are shed: one already admitted keeps its place in the pool's queue.
 * SHED_EVENT_LOOP_DELAY_MS=0 registers none of them: no sampling and no per-request check.
 * Registered before the routes, so that its onRoute hook sees each of them.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const { eventLoopDelayMs, sampleIntervalMs, turnBudgetMs, poolWaitMs } = config.shedding;
    if (eventLoopDelayMs === 0) {
      app.decorate('shedding', { active: () => false, onShedBeforeRouting: () => {}, check: passes });
      return;
    }

    // @fastify/under-pressure samples the loop's delay. Registered in a context of its own, its
    // per-request hook applies to no route: the shed check below asks it, in the one hook of each route.
    let sampled!: Pick<FastifyInstance, 'isUnderPressure' | 'memoryUsage'>;
    await app.register(async (sampler) => {
      await sampler.register(underPressure, { maxEventLoopDelay: eventLoopDelayMs, sampleInterval: sampleIntervalMs });
      sampled = sampler;
    });

    let shed = 0;
    // Building the app blocks the loop for a while after the sampling starts; that is not load. Two
    // samples after the app is ready, the state reflects the traffic only.
    let settled = false;
    const pool = app.databasePool;
    const poolBacklogged = () => backlogged(pool, poolWaitMs);
    // A turn or a pool backlog that sheds says "busy" on /readyz until a sample interval has passed without one.
    let shedAt = Number.NEGATIVE_INFINITY;
    const active = () => (settled && sampled.isUnderPressure()) || poolBacklogged() || performance.now() - shedAt < sampleIntervalMs;
    const shedBeforeRoutingListeners: (() => void)[] = [];
    app.addHook('onReady', async () => {
      setTimeout(() => {
        settled = true;
      }, 2 * sampleIntervalMs).unref();
    });

    const budget = turnBudgetMs > 0 ? loopTurnBudget(turnBudgetMs) : null;
    const watchesPool = poolWaitMs > 0 && pool.max > 0;
    if (budget || watchesPool) {
      shedBeforeRouting(app, () => budget?.exhausted() === true || (watchesPool && poolBacklogged()), () => {
        shed++;
        shedAt = performance.now();
        for (const listener of shedBeforeRoutingListeners) listener();
      });
    }
    // The turn budget first, then the loop's delay, then the pool; a request admitted before routing is
    // not judged again by the budget and the pool.
    const check: RequestCheck = (request, reply) => {
      const judged = (request.raw as JudgedRequest)[admittedBeforeRouting] === true;
      if (!judged && budget?.exhausted()) {
        shed++;
        shedAt = performance.now();
        return serverBusy(reply);
      }
      if (settled && sampled.isUnderPressure()) {
        shed++;
        return serverBusy(reply);
      }
      if (!judged && poolBacklogged()) {
        shed++;
        shedAt = performance.now();
        return serverBusy(reply);
      }
      return undefined;
    };
    app.decorate('shedding', { active, onShedBeforeRouting: (listener: () => void) => shedBeforeRoutingListeners.push(listener), check });

    // Only the shed routes carry the check, first among their own hooks; a route that runs it in its own
    // one hook is not given a second.
    const shedHook = oneHook(check);
    app.addHook('onRoute', (route) => {
      if (!isShedRoute(route.url) || routeChecks(route).includes(check)) return;
      route.onRequest = [shedHook, ...[route.onRequest ?? []].flat()];
    });

    // One line when shedding begins and one when it ends, not one per shed request.
    let since: number | null = null;
    const watch = setInterval(() => {
      const pressed = active();
      if (pressed && since === null) {
        since = performance.now();
        const { eventLoopDelay } = sampled.memoryUsage();
        app.log.warn(
          `server saturated (mean event loop delay ${Math.round(eventLoopDelay)} ms, limit ${eventLoopDelayMs} ms; turn budget ${turnBudgetMs} ms; ` +
            `${pool.waiting} calls waiting for a database connection, the oldest ${Math.round(pool.oldestWaitMs)} ms, limit ${poolWaitMs} ms): API calls answer 503 SERVER_BUSY until it recovers`,
        );
      } else if (!pressed && since !== null) {
        app.log.warn(`server recovered after ${Math.round(performance.now() - since)} ms; ${shed} requests were shed`);
        since = null;
        shed = 0;
      }
    }, sampleIntervalMs);
    watch.unref();
    app.addHook('onClose', async () => clearInterval(watch));
  },
  { name: 'load-shedding', dependencies: ['security', 'draining', 'database'] },
);
