import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ExchangeBodySchema,
  ExchangeResponseSchema,
  TwitterAuthResponseSchema,
  TwitterCallbackQuerySchema,
  UserIdParamsSchema,
  VerificationSchema,
} from '@shared/schemas/x';
import { normalizeWallet } from '@shared/wallet';
import { unauthorized } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { refuseUnlessFromThisMachine } from '../../platform/simulated-x-guard.js';
import { hashSessionId } from '../../platform/lib/session-hash.js';
import {
  exchangeCode,
  refreshVerification,
  requireTwitterAccount,
  startAuthorization,
  verificationView,
  type XDeps,
} from './x-auth.service.js';

const tags = ['X'];
const failures = errorResponses(400, 401, 403, 409, 502, 503);

interface XAuthOptions {
  deps: Omit<XDeps, 'db'>;
  /** The simulated X is in use: linking is refused to requests not straight from this machine. */
  simulatedX: boolean;
}

const xAuthRoutes: FastifyPluginAsyncTypebox<XAuthOptions> = async (app, { deps: partial, simulatedX }) => {
  const deps: XDeps = { ...partial, db: app.db };

  function sessionHash(sessionId: string | null): string {
    if (!sessionId) throw unauthorized();
    return hashSessionId(sessionId);
  }

  const gate = { onRequest: simulatedX ? [refuseUnlessFromThisMachine, app.walletProofGate] : app.walletProofGate };

  app.get(
    '/auth/twitter',
    {
      ...gate,
      schema: {
        tags,
        summary: 'Start linking an X account: the authorization URL',
        response: { 200: TwitterAuthResponseSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return startAuthorization(deps, { user, sessionHash: sessionHash(request.sessionId()) });
    },
  );

  // X sends the browser here; the page finishes the link with the exchange call (SPEC section 4).
  const callbackSchema = {
    tags,
    summary: 'Where X sends the browser back; redirects to the mining page with the outcome',
    querystring: TwitterCallbackQuerySchema,
    response: { 302: { description: 'Redirect to /mining with twitter_auth=success or error', type: 'null' } },
  };
  app.get('/auth/twitter/callback', { schema: callbackSchema }, async (request, reply) => {
    const { code, state, error, error_description: description } = request.query;
    const params = new URLSearchParams(
      error || !code || !state
        ? { twitter_auth: 'error', error: error ?? 'missing_code', description: description ?? '' }
        : { twitter_auth: 'success', code, state },
    );
    return reply.redirect(`/mining?${params.toString()}`, 302);
  });

  app.post(
    '/auth/twitter/exchange',
    {
      ...gate,
      schema: {
        tags,
        summary: 'Finish linking an X account with the code from X',
        body: ExchangeBodySchema,
        response: { 200: ExchangeResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { code, state, walletAddress } = request.body;
      const user = await request.requireSelf({ walletAddress: normalizeWallet(walletAddress) });
      const twitterAccount = await exchangeCode(deps, {
        user,
        sessionHash: sessionHash(request.sessionId()),
        code,
        state,
      });
      return { message: 'X account connected', twitterAccount };
    },
  );

  app.get(
    '/user/:id/twitter',
    {
      schema: {
        tags,
        summary: "My linked X account's verification",
        params: UserIdParamsSchema,
        response: { 200: VerificationSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireSelf({ id: request.params.id });
      return verificationView(await requireTwitterAccount(app.db, user.id));
    },
  );

  app.get(
    '/twitter/verify-blue/:id',
    {
      schema: {
        tags,
        summary: 'Check my X verification again with X',
        params: UserIdParamsSchema,
        response: { 200: VerificationSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireSelf({ id: request.params.id });
      return refreshVerification(deps, user.id);
    },
  );
};

export default xAuthRoutes;
