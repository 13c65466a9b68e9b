import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LookupBodySchema, LookupResultSchema } from '../../../shared/schemas/allocation.js';
import { ErrorResponseSchema } from '../../../shared/schemas/errors.js';
import { lookupAllocation } from './allocation.service.js';

const allocationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/lookup',
    { schema: { body: LookupBodySchema, response: { 200: LookupResultSchema, 400: ErrorResponseSchema } } },
    async (request) => lookupAllocation(app.db, request.body.walletAddress),
  );
};

export default allocationRoutes;
