import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AllocationProofQuerySchema,
  AllocationProofSchema,
  AllocationRootSchema,
  LookupBodySchema,
  LookupResultSchema,
} from '@shared/schemas/allocation';
import { errorResponses } from '../../lib/error-responses.js';
import { revealGateResponses } from '../../plugins/launch.js';
import { getAllocationProof, getAllocationRoot } from './allocation-proof.service.js';
import { createAllocationTreeCache } from './allocation-tree-cache.js';
import { lookupAllocation } from './allocation.service.js';
import { type LookupCounter, uncountedLookups } from './lookup-counter.js';

const tags = ['Allocation'];

/**
 * `lookupRateLimit` calls per IP per minute, lookups and proofs counted apart; 0: no limit (benchmarks),
 * and then the rate-limit plugin's hooks stay off these routes entirely. `lookups` counts answered lookups by outcome.
 */
const allocationRoutes: FastifyPluginAsyncTypebox<{ lookupRateLimit: number; lookups?: LookupCounter }> = async (
  app,
  { lookupRateLimit, lookups = uncountedLookups },
) => {
  const limited = lookupRateLimit > 0 ? { config: { rateLimit: { max: lookupRateLimit, timeWindow: '1 minute' } } } : {};
  const limitedAnswer = lookupRateLimit > 0 ? errorResponses(429) : {};
  app.post(
    '/lookup',
    {
      schema: {
        tags,
        summary: "Look up a wallet's allocation",
        body: LookupBodySchema,
        response: { 200: LookupResultSchema, ...errorResponses(400), ...revealGateResponses, ...limitedAnswer },
      },
      onRequest: app.revealGate,
      ...limited,
    },
    async (request) => {
      const result = await lookupAllocation(app.db, request.body.walletAddress);
      lookups.counted(result.success);
      return result;
    },
  );

  const trees = createAllocationTreeCache(app.db);
  app.get(
    '/root',
    { schema: { tags, summary: 'The Merkle root of all allocations and its snapshot', response: { 200: AllocationRootSchema } } },
    async () => getAllocationRoot(trees),
  );
  app.get(
    '/proof',
    {
      schema: {
        tags,
        summary: "A wallet's Merkle leaves, proof path and root",
        querystring: AllocationProofQuerySchema,
        response: { 200: AllocationProofSchema, ...errorResponses(400, 404), ...revealGateResponses, ...limitedAnswer },
      },
      onRequest: app.revealGate,
      ...limited,
    },
    async (request) => getAllocationProof(app.db, trees, request.query.wallet),
  );
};

export default allocationRoutes;
