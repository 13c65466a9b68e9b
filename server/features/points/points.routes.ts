import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '../../../shared/schemas/errors.js';
import {
  AllocationsPageSchema,
  AllocationsQuerySchema,
  MyAllocationResponseSchema,
  TokenStatsSchema,
} from '../../../shared/schemas/tokens.js';
import { allocationsPage, myAllocation, tokenStats } from './points.service.js';

const tags = ['Tokens'];

/** Points allocations (wallet, final points, tokens), served under /api/tokens. */
const pointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/my-allocation',
    {
      schema: {
        tags,
        summary: 'My points allocation',
        response: { 200: MyAllocationResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { allocation: await myAllocation(app.db, user.wallet_address) };
    },
  );

  app.get(
    '/stats',
    { schema: { tags, summary: 'Token statistics', response: { 200: TokenStatsSchema } } },
    async () => tokenStats(app.db),
  );

  app.get(
    '/allocations',
    {
      schema: {
        tags,
        summary: 'Points allocations, largest first, paged',
        querystring: AllocationsQuerySchema,
        response: { 200: AllocationsPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => allocationsPage(app.db, request.query.limit, request.query.offset),
  );
};

export default pointsRoutes;
