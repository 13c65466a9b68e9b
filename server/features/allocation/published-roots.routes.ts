import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type PublishedRoots, PublishedRootsSchema } from '@shared/schemas/allocation-roots';
import { CachedSource } from '../../platform/lib/cached-source.js';
import { repeatedAnswer } from '../../platform/lib/repeated-answer.js';
import { listPublishedRoots } from './published-roots.service.js';

/** How long the list of published roots is answered from memory: it changes only at a reveal or a correction. */
export const publishedRootsCacheMs = 5_000;

/**
 * `GET /roots`: every root the allocation list was public with, newest first, each with what replaced it
 * and why. Public without a reveal gate: a root is listed only once the list was public with it (before any
 * reveal the list is empty), and a holder checks an old receipt against it.
 */
const publishedRootsRoutes: FastifyPluginAsyncTypebox<{ now?: () => number }> = async (app, { now = Date.now }) => {
  // Past its time one read of the (small) table is awaited, shared by the callers meanwhile: a correction
  // reaches every holder within the few seconds.
  const load = async () => ({ roots: await listPublishedRoots(app.db) });
  const roots = new CachedSource<PublishedRoots>(load, publishedRootsCacheMs, publishedRootsCacheMs, now, { waitPastTtl: true });
  const { sendCached } = repeatedAnswer();
  app.get(
    '/roots',
    {
      schema: {
        tags: ['Allocation'],
        summary: 'Every Merkle root the allocation list was published with, and what replaced each and why',
        description:
          'Newest first; the current root has `replacedAt` null. A receipt whose root is listed here as replaced still verifies, ' +
          'against that root, and names its replacement. Empty before the list was ever public. Answered from memory for a few seconds.',
        response: { 200: PublishedRootsSchema },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'public, max-age=5');
      return sendCached(reply, roots.current()?.value ?? null, async () => (await roots.get()).value);
    },
  );
};

export default publishedRootsRoutes;
