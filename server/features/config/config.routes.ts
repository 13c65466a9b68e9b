import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type PublicConfig, PublicConfigSchema, type StartupPublicConfig } from '../../../shared/schemas/config.js';
import { repeatedAnswer } from '../../lib/repeated-answer.js';

interface ConfigRouteOptions {
  publicConfig: StartupPublicConfig;
  /** Whether demo rows are present; cached briefly, as it changes only when the operator removes them. */
  demoData: () => Promise<boolean>;
}

/** The runtime facts a page needs (mining phase, X, generation, links) and whether the demo set is loaded. */
const configRoutes: FastifyPluginAsyncTypebox<ConfigRouteOptions> = async (app, { publicConfig, demoData }) => {
  const answers: Record<'true' | 'false', PublicConfig> = {
    true: { ...publicConfig, demoData: true },
    false: { ...publicConfig, demoData: false },
  };
  const send = repeatedAnswer();
  app.get(
    '/config',
    { schema: { tags: ['Config'], summary: 'Runtime configuration for pages', response: { 200: PublicConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return send(reply, answers[`${await demoData()}`]);
    },
  );
};

export default configRoutes;
