import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginBodySchema, LoginResponseSchema, OkResponseSchema } from '../../../shared/schemas/auth.js';
import { ErrorResponseSchema } from '../../../shared/schemas/errors.js';
import type { AppConfig } from '../../config.js';
import { toUserView } from '../users/user-view.js';
import { login, logout } from './auth.service.js';

const authRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.post(
    '/login',
    {
      config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, 400: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await login(app.db, request.body);
      const previous = request.sessionId();
      if (previous) await logout(app.db, previous);
      reply.startSession(sessionId);
      return { user: toUserView(user) };
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 200: OkResponseSchema } } },
    async (request, reply) => {
      const sessionId = request.sessionId();
      if (sessionId) await logout(app.db, sessionId);
      reply.endSession();
      return { ok: true as const };
    },
  );
};

export default authRoutes;
