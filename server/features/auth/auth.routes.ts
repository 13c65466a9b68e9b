import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChallengeBodySchema,
  ChallengeResponseSchema,
  LoginBodySchema,
  LoginResponseSchema,
  OkResponseSchema,
  VerifyBodySchema,
  VerifyRefusedSchema,
} from '@shared/schemas/auth';
import type { AppConfig } from '../../platform/config.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { toUserView } from '../users/index.js';
import { login, logout } from './auth.service.js';
import { issueChallenge, verifyWalletSignIn } from './wallet-proof.service.js';

const authRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig; now?: () => number }> = async (
  app,
  { config, now = Date.now },
) => {
  const rateLimit = { max: config.loginRateLimit, timeWindow: '1 minute' };
  const tags = ['Auth'];

  // Sign-in with a wallet signature: a single-use message, then the signed message back.
  app.post(
    '/challenge',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Start a wallet sign-in: the single-use message to sign',
        body: ChallengeBodySchema,
        response: { 200: ChallengeResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => issueChallenge(app.db, { siteUrl: config.publicUrl, walletAddress: request.body.walletAddress }, now()),
  );

  app.post(
    '/verify',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Finish a wallet sign-in with the signed message',
        security: [],
        body: VerifyBodySchema,
        response: {
          200: LoginResponseSchema,
          ...errorResponses(400, 403, 429),
          401: {
            ...VerifyRefusedSchema,
            description:
              'The challenge is used or expired, or the signature does not prove the wallet (SIGNATURE_INVALID, with a reason: other-address, other-message, wrong-format or not-verified).',
          },
        },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await verifyWalletSignIn(app.db, { siteUrl: config.publicUrl, ...request.body }, now());
      const previous = request.sessionId();
      if (previous) await logout(app.db, previous);
      reply.startSession(sessionId);
      return { user: toUserView(user) };
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign in with a wallet address (wallets not protected by a signature)',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 403, 429) },
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
    { schema: { tags, summary: 'Sign out: end this session', response: { 200: OkResponseSchema } } },
    async (request, reply) => {
      const sessionId = request.sessionId();
      if (sessionId) await logout(app.db, sessionId);
      reply.endSession();
      return { ok: true as const };
    },
  );
};

export default authRoutes;
