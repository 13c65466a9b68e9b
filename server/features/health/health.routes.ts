import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { DatabaseUnavailableError, databaseUnavailability } from '../../platform/db/database-unavailable.js';
import { AppError } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { serverBusy } from '../../platform/http/server-busy.js';

const LiveSchema = Type.Object({ status: Type.Literal('ok') });
const ReadySchema = Type.Object({ status: Type.Literal('ready'), database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]) });

/** How long an answer the app's own queries saw stands for the database answering. */
const readinessEvidenceMs = 5000;

/**
 * /healthz: the process answers (a liveness check; never the database or the load, or an outage or
 * a spike would have healthy processes restarted). /readyz: the database answers too and the process
 * is not shedding load (a load balancer's check).
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: { response: { 200: LiveSchema } } }, async () => ({ status: 'ok' as const }));

  const health = app.databaseHealth;
  let probing: Promise<boolean> | null = null;
  // One probe at a time, however many checks arrive; bounded by the pool's connect and query timeouts.
  const probe = () => {
    const sentAt = performance.now();
    probing ??= sql`select 1`
      .execute(app.db)
      .then(
        () => {
          health.answered(sentAt);
          return true;
        },
        (error: unknown) => {
          // A database too busy to answer in time is there: not ready, but not an outage either.
          if (databaseUnavailability(error) === 'overloaded') health.failed(error);
          else health.unreachable(error);
          return false;
        },
      )
      .finally(() => {
        probing = null;
      });
    return probing;
  };

  app.get(
    '/readyz',
    { schema: { response: { 200: ReadySchema, ...errorResponses(503) } } },
    async (_request, reply) => {
      // Shutting down: the balancer must stop sending traffic here before the listener closes.
      if (app.draining.active) throw new AppError(503, 'SHUTTING_DOWN', 'This server is shutting down.');
      // A saturated process takes no more traffic, whatever the database says.
      if (app.shedding.active()) throw serverBusy(reply);
      // Good news from the app's own queries stands for a while; anything else is asked again, so a
      // database that came back is seen at the next check, traffic or not.
      const answering = (health.knownWithin(readinessEvidenceMs) && health.answering) || (await probe());
      if (!answering || !health.reachable) throw new DatabaseUnavailableError();
      return { status: 'ready' as const, database: app.dbDialect };
    },
  );
};

export default healthRoutes;
