import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '../../../shared/schemas/errors.js';
import { AppError } from '../../errors.js';

const HealthSchema = Type.Object({ status: Type.Literal('ok'), database: Type.String() });

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthSchema, 503: ErrorResponseSchema } } },
    async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: app.dbDialect };
    },
  );
};

export default healthRoutes;
