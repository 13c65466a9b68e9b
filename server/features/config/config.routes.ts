import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type PublicConfig, PublicConfigSchema } from '../../../shared/schemas/config.js';

interface ConfigRouteOptions {
  publicConfig: PublicConfig;
}

/** The runtime facts a page needs (mining phase, X, generation); fixed for the life of the process. */
const configRoutes: FastifyPluginAsyncTypebox<ConfigRouteOptions> = async (app, { publicConfig }) => {
  app.get('/config', { schema: { response: { 200: PublicConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return publicConfig;
  });
};

export default configRoutes;
