import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CollectionParamsSchema } from '@shared/schemas/collection';
import { StakingStatsSchema } from '@shared/schemas/staking';
import type { AppConfig } from '../../platform/config.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
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
        response: {
          200: StakingStatsSchema,
          ...errorResponses(404, 502, 503),
        },
      },
    },
    async (request, reply) => {
      assertOwnCollection(request.params.collection);
      const stats = await staking.stakingStats();
      // Set only on success: a failure cached by the browser would fail Retry and the next poll.
      reply.header('cache-control', 'public, max-age=60');
      return stats;
    },
  );
};

export default stakingRoutes;
