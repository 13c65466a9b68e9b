import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CollectionParamsSchema, CollectionStatsSchema } from '@shared/schemas/collection';
import { UpstreamQuerySchema, UpstreamUnavailableSchema } from '@shared/schemas/upstream';
import type { AppConfig } from '../../platform/config.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { cacheControlFor, unavailableAsState } from '../../platform/lib/unavailable-state.js';
import type { UpstreamWatch } from '../../platform/lib/upstream-state.js';
import { createCollectionService } from './collection.service.js';
import { assertOwnCollection } from './own-collection.js';

const collectionRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig; now?: () => number; upstreams?: UpstreamWatch }> = async (
  app,
  { config, now, upstreams },
) => {
  const collection = createCollectionService(config, now, upstreams);

  app.get(
    '/nft/collection-stats/:collection',
    {
      schema: {
        tags: ['Chain'],
        summary: 'Marketplace figures of the collection',
        params: CollectionParamsSchema,
        querystring: UpstreamQuerySchema,
        response: {
          200: Type.Union([CollectionStatsSchema, UpstreamUnavailableSchema]),
          ...errorResponses(404, 502),
        },
      },
    },
    async (request, reply) => {
      assertOwnCollection(request.params.collection);
      const stats = await unavailableAsState(request.query.onUnavailable, () => collection.collectionStats(), ['UPSTREAM_UNAVAILABLE']);
      // A failure cached by the browser would fail Retry and the next poll.
      reply.header('cache-control', cacheControlFor(stats, 60));
      return stats;
    },
  );
};

export default collectionRoutes;
