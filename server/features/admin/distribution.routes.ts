import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DistributionResponseSchema, problemPayoutLimit } from '@shared/schemas/admin-distribution';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { readDistribution } from './distribution.service.js';
import { owedCsvStream } from './owed-csv-stream.js';

const tags = ['Admin'];
const admin = { adminRole: 'admin' } as const;
const reads = errorResponses(400, 401, 403);
/** CSV text in the document; a stream of it in the reply (Fastify sends a stream as it comes, unserialised). */
const CsvStreamSchema = Type.Unsafe<Readable>({ type: 'string' });

/**
 * The console's Distribution section (admin): what was paid of the allocation list and what is still
 * owed. Read-only: payouts are recorded with `npm run import:payouts`, which writes the audit entry.
 */
const distributionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/distribution',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Per category of the allocation list, its wallets and tokens in each payout state; the problem payouts; the payout check\'s last run',
        description:
          `The figures of \`npm run payouts -- status\`, every state listed (zero where none). \`problems\`: wrong_address, dropped and not_found payouts by wallet and category, the first ${problemPayoutLimit} and how many in all. ` +
          '`check`: when this server process last ran the check and its explorer requests, and when an explorer last answered about any payout transaction.',
        response: { 200: DistributionResponseSchema, ...reads },
      },
    },
    async () => readDistribution(app.db, app.payoutCheck.totals()),
  );

  app.get(
    '/distribution/owed.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: "What is still owed (not sent, dropped, wrong address) in the allocation import's format, as `npm run payouts -- export-unpaid` writes it",
        description: 'wallet_address,category,tokens, by wallet and category, streamed; `npm run import:allocations -- owed.csv --dry-run` reads it back.',
        response: { 200: CsvStreamSchema, ...reads },
      },
    },
    async (_request, reply) =>
      reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="owed.csv"').send(owedCsvStream(app.db)),
  );
};

export default distributionRoutes;
