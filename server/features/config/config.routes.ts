import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type PublicConfig, PublicConfigSchema, type StartupPublicConfig } from '../../../shared/schemas/config.js';
import type { DemoPresence } from '../../demo/demo-presence.js';
import { repeatedAnswer } from '../../lib/repeated-answer.js';

interface ConfigRouteOptions {
  publicConfig: StartupPublicConfig;
  /** Whether demo rows are present; cached briefly, as it changes only when the operator removes them. */
  demoData: DemoPresence;
}

/** The runtime facts a page needs (mining phase, X, generation, links) and whether the demo set is loaded. */
const configRoutes: FastifyPluginAsyncTypebox<ConfigRouteOptions> = async (app, { publicConfig, demoData }) => {
  const withDemo: PublicConfig = { ...publicConfig, demoData: true };
  const withoutDemo: PublicConfig = { ...publicConfig, demoData: false };
  const answerFor = (demoRows: boolean) => (demoRows ? withDemo : withoutDemo);
  const { sendCached } = repeatedAnswer();
  app.get(
    '/config',
    { schema: { tags: ['Config'], summary: 'Runtime configuration for pages', response: { 200: PublicConfigSchema } } },
    (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const known = demoData.current();
      return sendCached(reply, known === null ? null : answerFor(known), async () => answerFor(await demoData.get()));
    },
  );
};

export default configRoutes;
