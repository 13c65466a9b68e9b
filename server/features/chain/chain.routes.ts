import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { brand } from '../../../shared/brand.js';
import {
  CollectionParamsSchema,
  CollectionStatsSchema,
  StakingStatsSchema,
  TipHeightSchema,
} from '../../../shared/schemas/chain.js';
import { ErrorResponseSchema } from '../../../shared/schemas/errors.js';
import type { AppConfig } from '../../config.js';
import { notFound } from '../../errors.js';
import { createChainService } from './chain.service.js';

const tags = ['Chain'];
const failures = { 404: ErrorResponseSchema, 502: ErrorResponseSchema, 503: ErrorResponseSchema };

/** Only our own collection is proxied: the endpoint is no open relay to the marketplace. */
function assertOwnCollection(collection: string): void {
  if (collection !== brand.collectionSlug) throw notFound('UNKNOWN_COLLECTION', `Unknown collection ${collection}`);
}

const chainRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig; now?: () => number }> = async (app, { config, now }) => {
  const chain = createChainService(config, app.db, now);

  app.get(
    '/chain/tip-height',
    { schema: { tags, summary: 'Current Bitcoin block height', response: { 200: TipHeightSchema, ...failures } } },
    async (_request, reply) => {
      const tip = await chain.tipHeight();
      // Set only on success (here and below): a failure cached by the browser would fail Retry and the next poll.
      reply.header('cache-control', 'public, max-age=15');
      return tip;
    },
  );

  app.get(
    '/nft/collection-stats/:collection',
    {
      schema: {
        tags,
        summary: 'Marketplace figures of the collection',
        params: CollectionParamsSchema,
        response: { 200: CollectionStatsSchema, ...failures },
      },
    },
    async (request, reply) => {
      assertOwnCollection(request.params.collection);
      const stats = await chain.collectionStats();
      reply.header('cache-control', 'public, max-age=60');
      return stats;
    },
  );

  app.get(
    '/staking/stats/:collection',
    {
      schema: {
        tags,
        summary: 'Staking figures of the collection',
        params: CollectionParamsSchema,
        response: { 200: StakingStatsSchema, ...failures },
      },
    },
    async (request, reply) => {
      assertOwnCollection(request.params.collection);
      const stats = await chain.stakingStats();
      reply.header('cache-control', 'public, max-age=60');
      return stats;
    },
  );
};

export default chainRoutes;
