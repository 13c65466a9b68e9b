import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  type AllocationsPage,
  AllocationsPageSchema,
  AllocationsQuerySchema,
  MyAllocationResponseSchema,
  NoAllocationStateSchema,
  TokenStatsSchema,
} from '@shared/schemas/point-allocations';
import { UpstreamQuerySchema } from '@shared/schemas/upstream';
import { oneHook } from '../../platform/http/request-checks.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { PageCache } from '../../platform/lib/page-cache.js';
import { repeatedAnswer } from '../../platform/lib/repeated-answer.js';
import { unavailableAsState } from '../../platform/lib/unavailable-state.js';
import { revealGateResponses } from '../launch/index.js';
import { allocationsPage, myAllocation, tokenStats } from './point-allocations.service.js';

const tags = ['Tokens'];

/**
 * How long a page of top holders is answered from memory. Allocations change only when the operator
 * imports them, and on launch day every visitor asks for the same first page.
 */
export const topHoldersCacheMs = 5_000;

// The URL keeps its published name: clients and links already call /api/tokens.
export const pointAllocationsPrefix = '/api/tokens';

/** Points allocations (wallet, final points, tokens), served under `pointAllocationsPrefix`. */
const pointAllocationsRoutes: FastifyPluginAsyncTypebox<{ now?: () => number }> = async (app, { now = Date.now }) => {
  // Shedding, then the reveal gate, in one hook (platform/http/request-checks.ts).
  const revealGated = oneHook(app.shedding.check, app.revealGate);
  const pages = new PageCache<`${number}:${number}`, AllocationsPage>(
    (key) => {
      const [limit, offset] = key.split(':').map(Number) as [number, number];
      return allocationsPage(app.db, limit, offset);
    },
    { ttlMs: topHoldersCacheMs, maxKeys: 200, now },
  );
  const { sendCached } = repeatedAnswer();

  app.get(
    '/my-allocation',
    {
      schema: {
        tags,
        summary: 'My points allocation',
        description: 'A wallet without a points allocation answers 404 ALLOCATION_NOT_FOUND, or with `?onUnavailable=state` 200 `{ unavailable: true, error: "ALLOCATION_NOT_FOUND", message }`.',
        querystring: UpstreamQuerySchema,
        response: {
          200: Type.Union([MyAllocationResponseSchema, NoAllocationStateSchema]),
          ...errorResponses(401, 404),
          ...revealGateResponses,
        },
      },
      onRequest: revealGated,
    },
    async (request) => {
      const user = await request.requireUser();
      return unavailableAsState(
        request.query.onUnavailable,
        async () => ({ allocation: await myAllocation(app.db, user.wallet_address) }),
        ['ALLOCATION_NOT_FOUND'],
      );
    },
  );

  app.get(
    '/stats',
    { schema: { tags, summary: 'Token statistics', response: { 200: TokenStatsSchema, ...revealGateResponses } }, onRequest: revealGated },
    async () => tokenStats(app.db),
  );

  app.get(
    '/allocations',
    {
      schema: {
        tags,
        summary: 'Points allocations, largest first, paged',
        querystring: AllocationsQuerySchema,
        response: { 200: AllocationsPageSchema, ...errorResponses(400), ...revealGateResponses },
      },
      // Before the cached page answers.
      onRequest: revealGated,
    },
    (request, reply) => {
      const key = `${request.query.limit}:${request.query.offset}` as const;
      return sendCached(reply, pages.current(key), () => pages.get(key));
    },
  );
};

export default pointAllocationsRoutes;
