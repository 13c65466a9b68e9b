import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CollectionParamsSchema } from '@shared/schemas/collection';
import { StakingNotSetSchema, StakingStatsSchema } from '@shared/schemas/staking';
import { UpstreamQuerySchema, UpstreamUnavailableSchema } from '@shared/schemas/upstream';
import type { AppConfig } from '../../platform/config.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { cacheControlFor, unavailableAsState } from '../../platform/lib/unavailable-state.js';
import { assertOwnCollection } from '../collection/index.js';
import type { UpstreamWatch } from '../../platform/lib/upstream-state.js';
import { createStakingService } from './staking.service.js';

const stakingRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig; now?: () => number; upstreams?: UpstreamWatch }> = async (
  app,
  { config, now, upstreams },
) => {
  const staking = createStakingService(config, app.db, now, upstreams);

  app.get(
    '/staking/stats/:collection',
    {
      schema: {
        tags: ['Chain'],
        summary: 'Staking figures of the collection',
        params: CollectionParamsSchema,
        querystring: UpstreamQuerySchema,
        response: {
          200: Type.Union([StakingStatsSchema, UpstreamUnavailableSchema, StakingNotSetSchema]),
          ...errorResponses(404, 502, 503),
        },
      },
    },
    async (request, reply) => {
      assertOwnCollection(request.params.collection);
      const stats = await unavailableAsState(request.query.onUnavailable, () => staking.stakingStats(), [
        'UPSTREAM_UNAVAILABLE',
        'STAKING_STATS_UNAVAILABLE',
      ]);
      // A failure cached by the browser would fail Retry and the next poll.
      reply.header('cache-control', cacheControlFor(stats, 60));
      return stats;
    },
  );
};

export default stakingRoutes;
