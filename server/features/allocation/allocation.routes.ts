import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AllocationProofQuerySchema,
  AllocationProofSchema,
  AllocationRootSchema,
  type AllocationStats,
  AllocationStatsSchema,
  allocationTopHolders,
  LookupBodySchema,
  LookupManyBodySchema,
  LookupManyResultSchema,
  LookupResultSchema,
} from '@shared/schemas/allocation';
import { CachedSource } from '../../platform/lib/cached-source.js';
import { oneHook } from '../../platform/http/request-checks.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { repeatedAnswer } from '../../platform/lib/repeated-answer.js';
import { revealGateResponses } from '../launch/index.js';
import { getAllocationProof, getAllocationRoot } from './allocation-proof.service.js';
import { answerLookupMany, planLookupMany } from './allocation-lookup-many.service.js';
import { createAllocationStatsSource } from './allocation-stats.service.js';
import { createAllocationTreeCache } from './allocation-tree-cache.js';
import { type ChainTip, lookupAllocation } from './allocation.service.js';
import { type LookupCounter, uncountedLookups } from './lookup-counter.js';
import publishedRootsRoutes from './published-roots.routes.js';

const tags = ['Allocation'];

const minute = 60_000;

/**
 * How long the list's statistics are answered from memory before the table version is read again: the
 * whole launch-day crowd opens the allocation page at once, and the list changes only with an import.
 */
export const allocationStatsCacheMs = 5_000;

/**
 * `lookupRateLimit` calls per IP per minute, lookups and proofs counted apart (a lookup-many spends one per
 * distinct address from the lookup's own budget); 0: no limit (benchmarks), and then no limit is checked
 * or given back on these routes. `lookups` counts answered lookups by outcome; `chainTip` gives the
 * payouts' confirmations (none without it).
 *
 * Each public read runs ONE onRequest hook (platform/http/request-checks.ts): load shedding, then the
 * reveal gate, then the limit, so a request shed or refused by the gate spends nothing of the limit.
 */
const allocationRoutes: FastifyPluginAsyncTypebox<{ lookupRateLimit: number; lookups?: LookupCounter; now?: () => number; chainTip?: ChainTip }> = async (
  app,
  { lookupRateLimit, lookups = uncountedLookups, now = Date.now, chainTip },
) => {
  const limit = { max: lookupRateLimit, timeWindow: minute };
  const lookupLimit = lookupRateLimit > 0 ? app.requestLimit('allocation-lookup', limit) : null;
  const proofLimit = lookupRateLimit > 0 ? app.requestLimit('allocation-proof', limit) : null;
  const limitedAnswer = lookupRateLimit > 0 ? errorResponses(429) : {};
  const gated = oneHook(app.shedding.check, app.revealGate);
  const lookupGate = lookupLimit ? oneHook(app.shedding.check, app.revealGate, lookupLimit.check) : gated;
  const proofGate = proofLimit ? oneHook(app.shedding.check, app.revealGate, proofLimit.check) : gated;
  app.post(
    '/lookup',
    {
      schema: {
        tags,
        summary: "Look up a wallet's allocation",
        description:
          'Each category carries its payout: the transfer recorded for it and what the block explorers last said of it. ' +
          'An explorer shows where a transaction is and which addresses it pays, not the token amount it carries.',
        body: LookupBodySchema,
        response: { 200: LookupResultSchema, ...errorResponses(400), ...revealGateResponses, ...limitedAnswer },
      },
      onRequest: lookupGate,
    },
    async (request) => {
      const result = await lookupAllocation(app.db, request.body.walletAddress, chainTip);
      lookups.counted(result.success);
      return result;
    },
  );

  app.post(
    '/lookup-many',
    {
      schema: {
        tags,
        summary: 'Look up several wallets at once (1 to 20), with their combined total',
        description:
          'One answer per entry in the order given; addresses equal once trimmed and bech32 lower-cased are looked up once. ' +
          'Each distinct address counts as one lookup against the per-visitor limit the single lookup uses.',
        body: LookupManyBodySchema,
        response: { 200: LookupManyResultSchema, ...errorResponses(400), ...revealGateResponses, ...limitedAnswer },
      },
      onRequest: lookupGate,
    },
    async (request, reply) => {
      const plan = planLookupMany(request.body.walletAddresses);
      // The route's limit counted the request once already; each further distinct address weighs one more.
      await lookupLimit?.weigh(request, reply, plan.addresses.length - 1);
      const result = await answerLookupMany(app.db, plan, chainTip);
      for (const entry of result.results) {
        if (entry.status === 'found' || entry.status === 'not_found') lookups.counted(entry.status === 'found');
      }
      return result;
    },
  );

  // Past its time the held answer is still sent while the version is read again (and, after an import, the
  // records once), so no visitor waits on that read but the very first.
  const stats = new CachedSource<AllocationStats>(createAllocationStatsSource(app.db), allocationStatsCacheMs, allocationStatsCacheMs, now);
  const { sendCached } = repeatedAnswer();
  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary: 'The published allocation list in figures: its tokens, wallets, categories and top holders',
        description:
          'Every record of the list summed in integer micro-tokens (`micro` beside each `tokens` number), and the ' +
          `${allocationTopHolders} largest wallet totals. Answered from memory for a few seconds; read again from the records only when they change.`,
        response: { 200: AllocationStatsSchema, ...revealGateResponses },
      },
      // Before the cached answer.
      onRequest: gated,
    },
    (_request, reply) => sendCached(reply, stats.current()?.value ?? null, async () => (await stats.get()).value),
  );

  await app.register(publishedRootsRoutes, { now });
  const trees = createAllocationTreeCache(app.db);
  app.get(
    '/root',
    { schema: { tags, summary: 'The Merkle root of all allocations and its snapshot', response: { 200: AllocationRootSchema } } },
    async () => getAllocationRoot(trees),
  );
  app.get(
    '/proof',
    {
      schema: {
        tags,
        summary: "A wallet's Merkle leaves, proof path and root",
        querystring: AllocationProofQuerySchema,
        response: { 200: AllocationProofSchema, ...errorResponses(400, 404), ...revealGateResponses, ...limitedAnswer },
      },
      onRequest: proofGate,
    },
    async (request) => getAllocationProof(app.db, trees, request.query.wallet),
  );
};

export default allocationRoutes;
