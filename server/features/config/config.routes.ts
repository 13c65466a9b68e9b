import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type LaunchPublicState,
  type PublicConfig,
  PublicConfigSchema,
  type StartupPublicConfig,
} from '@shared/schemas/config';
import type { DemoPresence } from '../demo/index.js';
import { repeatedAnswer } from '../../platform/lib/repeated-answer.js';
import type { LaunchMonitor } from '../launch/index.js';

interface ConfigRouteOptions {
  publicConfig: StartupPublicConfig;
  /** Whether demo rows are present; cached briefly, as it changes only when the operator removes them. */
  demoData: DemoPresence;
  /** The reveal, pause and notice set by `npm run launch`; cached for 5 s. */
  launch: LaunchMonitor;
}

/** The runtime facts a page needs (mining phase, X, generation, links, launch state) and whether the demo set is loaded. */
const configRoutes: FastifyPluginAsyncTypebox<ConfigRouteOptions> = async (app, { publicConfig, demoData, launch }) => {
  // One answer object per (demo flag, launch state): each is serialised once (repeatedAnswer).
  let last: { demo: boolean; state: LaunchPublicState; answer: PublicConfig } | null = null;
  const answerFor = (demo: boolean, state: LaunchPublicState): PublicConfig => {
    if (last?.demo !== demo || last.state !== state) last = { demo, state, answer: { ...publicConfig, demoData: demo, ...state } };
    return last.answer;
  };
  const { sendCached } = repeatedAnswer();
  app.get(
    '/config',
    { schema: { tags: ['Config'], summary: 'Runtime configuration for pages', response: { 200: PublicConfigSchema } } },
    (_request, reply) => {
      // Short: a reveal, a pause or a notice must reach open pages within seconds.
      reply.header('cache-control', 'public, max-age=5');
      const demo = demoData.current();
      const state = launch.currentPublicState();
      return sendCached(reply, demo === null || state === null ? null : answerFor(demo, state), async () => {
        const [freshDemo, freshState] = await Promise.all([demoData.get(), launch.publicState()]);
        return answerFor(freshDemo, freshState);
      });
    },
  );
};

export default configRoutes;
