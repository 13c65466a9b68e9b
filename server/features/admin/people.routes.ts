import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WalletParamsSchema } from '@shared/schemas/admin';
import {
  AdjustPointsBodySchema,
  AdjustPointsResponseSchema,
  PeopleQuerySchema,
  PeopleSearchResponseSchema,
  PersonRecordResponseSchema,
} from '@shared/schemas/admin-people';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { adjustPoints } from '../leaderboard/index.js';
import { adminCaller } from './admin-gate.js';
import { personRecord, searchPeople } from './people.service.js';

const tags = ['Admin'];
const admin = { adminRole: 'admin' } as const;

/** Finding a member, their record, and changing their points (admin). Registered behind the admin gate. */
const peopleRoutes: FastifyPluginAsyncTypebox<{ now?: () => number }> = async (app, { now = Date.now }) => {
  app.get(
    '/people',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Members found by wallet address (exact or its beginning) or X handle (any case, with or without @)',
        querystring: PeopleQuerySchema,
        response: { 200: PeopleSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ people: await searchPeople(app.db, request.query.q) }),
  );

  app.get(
    '/people/:wallet',
    {
      config: admin,
      schema: {
        tags,
        summary: "One member's record: points, claims, X link history, disputes and sessions (never a session's secret)",
        params: WalletParamsSchema,
        response: { 200: PersonRecordResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const person = await personRecord(app.db, request.params.wallet, now());
      if (!person) throw notFound('NOT_FOUND', 'No member has this wallet.');
      return { person };
    },
  );

  app.post(
    '/people/:wallet/points',
    {
      config: admin,
      schema: {
        tags,
        summary: "Add to or take from a member's points, with a reason; never below zero",
        params: WalletParamsSchema,
        body: AdjustPointsBodySchema,
        response: { 200: AdjustPointsResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { actor } = adminCaller(request);
      const { delta } = request.body;
      const reason = request.body.reason.trim();
      if (delta === 0) throw badRequest('VALIDATION_ERROR', 'delta must not be 0.');
      if (!reason) throw badRequest('VALIDATION_ERROR', 'An adjustment needs a reason.');
      const result = await adjustPoints(app.db, { wallet: request.params.wallet, delta, reason, by: actor }, now());
      if (result.ok) return { walletAddress: result.walletAddress, before: result.before, points: result.points };
      if (result.status === 404) throw notFound('NOT_FOUND', 'No member has this wallet.');
      throw new AppError(409, 'CONFLICT', `Points cannot go below zero: ${result.problem}`);
    },
  );
};

export default peopleRoutes;
