import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateDisputeBodySchema, DisputeListResponseSchema, DisputeResponseSchema } from '@shared/schemas/disputes';
import { oneHook } from '../../platform/http/request-checks.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { revealGateResponses } from '../launch/index.js';
import { createDispute, disputeCategories, listOwnDisputes } from './disputes.service.js';

/** Reports per user per hour: enough to retry after mistakes, too few to flood the operator. */
export const disputesPerHour = 5;

const tags = ['Allocation'];
const failures = errorResponses(400, 401, 403, 409, 429);

/** A signed-in holder's reports about their own allocation. There is no holder route to answer one. */
const disputesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Report a problem with my allocation',
        body: CreateDisputeBodySchema,
        response: { 201: DisputeResponseSchema, ...failures, ...revealGateResponses },
      },
      // Shedding, then 403 NOT_YET_REVEALED before the reveal, 503 LOOKUPS_PAUSED while paused (launch/reveal-gate.plugin.ts).
      onRequest: oneHook(app.shedding.check, app.revealGate),
      config: {
        rateLimit: {
          max: disputesPerHour,
          timeWindow: '1 hour',
          keyGenerator: async (request) => {
            const user = await request.sessionUser();
            return user ? `dispute-user:${user.id}` : `dispute-ip:${request.ip}`;
          },
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const dispute = await createDispute(app.db, user, request.body);
      return reply.status(201).send({ dispute });
    },
  );

  app.get(
    '/mine',
    {
      schema: {
        tags,
        summary: 'My allocation reports, and the categories a new one may name',
        response: { 200: DisputeListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const [disputes, categories] = await Promise.all([listOwnDisputes(app.db, user), disputeCategories(app.db, user)]);
      return { disputes, categories };
    },
  );
};

export default disputesRoutes;
