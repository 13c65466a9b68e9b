import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type StatsResponse, StatsResponseSchema } from '@shared/schemas/stats';
import { CachedSource } from '../../platform/lib/cached-source.js';
import { repeatedAnswer } from '../../platform/lib/repeated-answer.js';
import { activityCounts } from './activity-counts.js';

const day = 24 * 60 * 60 * 1000;

/** Public activity stats, counted at most every 30 s however many visitors poll them. */
const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const stats = new CachedSource<StatsResponse>(async () => {
    const now = Date.now();
    const counts = await activityCounts(app.db, { dayStart: now - (now % day), weekAgo: now - 7 * day });
    const userActivity = Object.fromEntries(
      Object.entries(counts).map(([key, value]) => [key, String(value)]),
    ) as StatsResponse['userActivity'];
    return { userActivity };
  }, 30_000);
  const { sendCached } = repeatedAnswer();

  app.get(
    '/stats',
    {
      schema: {
        tags: ['Mining'],
        summary: 'Activity counts: users, sign-ups, X links, tweets',
        response: { 200: StatsResponseSchema },
      },
    },
    (_request, reply) => sendCached(reply, stats.current()?.value ?? null, async () => (await stats.get()).value),
  );
};

export default activityRoutes;
