import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LeaderboardQuerySchema, LeaderboardResponseSchema } from '@shared/schemas/leaderboard';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { createLeaderboard } from './leaderboard.service.js';

interface LeaderboardOptions {
  /** The caches' clock (tests move it instead of waiting). */
  now?: () => number;
}

/** Public, with the caller's own standing added when the request has a session. */
const leaderboardRoutes: FastifyPluginAsyncTypebox<LeaderboardOptions> = async (app, { now }) => {
  const leaderboard = createLeaderboard(app.db, now);

  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['Mining'],
        summary: "The miners' leaderboard, with my own standing when signed in",
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => leaderboard.read(request.query, await request.sessionUser()),
  );
};

export default leaderboardRoutes;
