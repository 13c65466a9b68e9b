import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '../../../shared/schemas/errors.js';
import {
  type AllocationsPage,
  AllocationsPageSchema,
  AllocationsQuerySchema,
  MyAllocationResponseSchema,
  TokenStatsSchema,
} from '../../../shared/schemas/tokens.js';
import { PageCache } from '../../lib/page-cache.js';
import { repeatedAnswer } from '../../lib/repeated-answer.js';
import { allocationsPage, myAllocation, tokenStats } from './points.service.js';

const tags = ['Tokens'];
/** Before the reveal (403 NOT_YET_REVEALED) and while paused (503 LOOKUPS_PAUSED): plugins/launch.ts. */
const gated = { 403: ErrorResponseSchema, 503: ErrorResponseSchema };

/**
 * How long a page of top holders is answered from memory. Allocations change only when the operator
 * imports them, and on launch day every visitor asks for the same first page.
 */
export const topHoldersCacheMs = 5_000;

/** Points allocations (wallet, final points, tokens), served under /api/tokens. */
const pointsRoutes: FastifyPluginAsyncTypebox<{ now?: () => number }> = async (app, { now = Date.now }) => {
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
        response: { 200: MyAllocationResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, ...gated },
      },
      onRequest: app.revealGate,
    },
    async (request) => {
      const user = await request.requireUser();
      return { allocation: await myAllocation(app.db, user.wallet_address) };
    },
  );

  app.get(
    '/stats',
    { schema: { tags, summary: 'Token statistics', response: { 200: TokenStatsSchema, ...gated } }, onRequest: app.revealGate },
    async () => tokenStats(app.db),
  );

  app.get(
    '/allocations',
    {
      schema: {
        tags,
        summary: 'Points allocations, largest first, paged',
        querystring: AllocationsQuerySchema,
        response: { 200: AllocationsPageSchema, 400: ErrorResponseSchema, ...gated },
      },
      // Before the cached page answers.
      onRequest: app.revealGate,
    },
    (request, reply) => {
      const key = `${request.query.limit}:${request.query.offset}` as const;
      return sendCached(reply, pages.current(key), () => pages.get(key));
    },
  );
};

export default pointsRoutes;
