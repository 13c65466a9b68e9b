import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import { type TipHeight, TipHeightSchema } from '@shared/schemas/chain';
import {
  UpstreamQuerySchema,
  type UpstreamUnavailable,
  UpstreamUnavailableSchema,
} from '@shared/schemas/upstream';
import type { AppConfig } from '../../platform/config.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { repeatedAnswer } from '../../platform/lib/repeated-answer.js';
import { cacheControlFor, unavailableAsState } from '../../platform/lib/unavailable-state.js';
import type { UpstreamWatch } from '../../platform/lib/upstream-state.js';
import { createChainService } from './chain.service.js';

const chainRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig; now?: () => number; upstreams?: UpstreamWatch }> = async (
  app,
  { config, now, upstreams },
) => {
  const chain = createChainService(config, now, upstreams);
  const { send } = repeatedAnswer();
  const answer = (reply: FastifyReply, tip: TipHeight | UpstreamUnavailable) => {
    // A failure cached by the browser would fail Retry and the next poll.
    reply.header('cache-control', cacheControlFor(tip, 15));
    send(reply, tip);
  };

  app.get(
    '/chain/tip-height',
    {
      schema: {
        tags: ['Chain'],
        summary: 'Current Bitcoin block height',
        querystring: UpstreamQuerySchema,
        response: { 200: Type.Union([TipHeightSchema, UpstreamUnavailableSchema]), ...errorResponses(502) },
      },
    },
    (request, reply) => {
      // Synchronous while a height is cached: no promise per request.
      const current = chain.currentTipHeight();
      if (current) {
        answer(reply, current);
        return;
      }
      return unavailableAsState(request.query.onUnavailable, () => chain.tipHeight(), ['UPSTREAM_UNAVAILABLE']).then((tip) => answer(reply, tip));
    },
  );
};

export default chainRoutes;
