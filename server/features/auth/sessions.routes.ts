import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OkResponseSchema } from '@shared/schemas/auth';
import { SessionHandleParamsSchema, SessionListResponseSchema } from '@shared/schemas/sessions';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { hashSessionId } from '../../platform/lib/session-hash.js';
import { endOtherSession, listSessions } from './sessions.service.js';

const tags = ['Auth'];
const failures = errorResponses(400, 401, 403, 404);

/** The signed-in user and the hash of the session this request carries. */
async function caller(request: FastifyRequest) {
  const user = await request.requireUser();
  const sessionId = request.sessionId();
  if (!sessionId) throw unauthorized();
  return { user, currentHash: hashSessionId(sessionId) };
}

/** The signed-in user's own sessions: list them, end one on another device. Ending this one is logout. */
const sessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sessions',
    { schema: { tags, summary: 'My signed-in sessions', response: { 200: SessionListResponseSchema, ...failures } } },
    async (request) => {
      const { user, currentHash } = await caller(request);
      return { sessions: await listSessions(app.db, user, currentHash) };
    },
  );

  app.delete(
    '/sessions/:handle',
    {
      schema: {
        tags,
        summary: 'End one of my sessions on another device',
        params: SessionHandleParamsSchema,
        response: { 200: OkResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { user, currentHash } = await caller(request);
      await endOtherSession(app.db, user, currentHash, request.params.handle);
      return { ok: true as const };
    },
  );
};

export default sessionsRoutes;
