import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../platform/config.js';
import { answered, type RequestCheck } from '../../platform/http/request-checks.js';
import { createChainService } from '../chain/index.js';
import { createLaunchMonitor, type GateVerdict, type LaunchMonitor, type OnReveal, seedReveal } from './launch.service.js';
import { errorResponses } from '../../platform/lib/error-responses.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reveal, pause and notice set by `npm run launch`, as this process last read them (5 s at most). */
    launch: LaunchMonitor;
    /**
     * The check (platform/http/request-checks.ts) of every call that shows who gets what, in the route's
     * one onRequest hook after the shed check: 403 NOT_YET_REVEALED before the reveal, 503
     * LOOKUPS_PAUSED while paused. Before any cache or body parsing, and without a query while the
     * state is fresh.
     */
    revealGate: RequestCheck;
  }
}

/** What `revealGate` adds to the response schema of a route it guards. */
export const revealGateResponses = errorResponses(403, 503);

function refuse(reply: FastifyReply, verdict: NonNullable<GateVerdict>): typeof answered {
  if (verdict.status === 503) reply.header('retry-after', String(verdict.retryAfterSeconds));
  void reply.status(verdict.status).send(verdict.body);
  return answered;
}

export default fp<{ config: AppConfig; onReveal: OnReveal; now?: () => number }>(
  async (app, { config, onReveal, now = Date.now }) => {
    // The chain feature's tip height, for a reveal at a block height.
    const chain = createChainService(config, now);
    const launch = createLaunchMonitor({
      db: app.db,
      chain,
      now,
      onReveal,
      onError: (error) => {
        if (!app.databaseHealth.outageCovers(error)) app.log.error({ err: error }, 'could not record the allocation reveal');
      },
    });
    if (await seedReveal(app.db, config.allocationRevealAt, now())) {
      app.log.info({ revealAt: config.allocationRevealAt }, 'allocation reveal scheduled from ALLOCATION_REVEAL_AT');
    }

    app.decorate('launch', launch);
    app.decorate('revealGate', function revealGate(_request, reply) {
      const verdict = launch.check();
      if (verdict === null) return undefined;
      if (!(verdict instanceof Promise)) return refuse(reply, verdict);
      return verdict.then((later) => (later === null ? undefined : refuse(reply, later)));
    } satisfies RequestCheck);
  },
  { name: 'launch', dependencies: ['database'] },
);
