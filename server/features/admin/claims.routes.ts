import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClaimChangeBodySchema, ClaimChangeResponseSchema, ClaimIdParamsSchema } from '@shared/schemas/admin';
import { AppError, notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { changeClaimStanding } from '../claims/index.js';
import { adminCaller } from './admin-gate.js';

const tags = ['Admin'];
const reviewer = { adminRole: 'reviewer' } as const;

/** Revoking a member's claim and restoring it (reviewer), each with a reason. Registered behind the admin gate. */
const claimsRoutes: FastifyPluginAsyncTypebox<{ now?: () => number }> = async (app, { now = Date.now }) => {
  for (const revoke of [true, false]) {
    app.post(
      `/claims/:id/${revoke ? 'revoke' : 'restore'}`,
      {
        config: reviewer,
        schema: {
          tags,
          summary: revoke
            ? "Revoke an accepted claim, with a reason: its points leave the member's total and the leaderboard"
            : 'Restore a revoked claim, with a reason: its points come back',
          params: ClaimIdParamsSchema,
          body: ClaimChangeBodySchema,
          response: { 200: ClaimChangeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { actor } = adminCaller(request);
        const result = await changeClaimStanding(app.db, request.params.id, { revoke, reason: request.body.reason, by: actor, now: now() });
        if (result.ok) return { claim: result.claim, memberPoints: result.memberPoints };
        if (result.status === 404) throw notFound('NOT_FOUND', result.problem);
        throw new AppError(409, 'CONFLICT', result.problem);
      },
    );
  }
};

export default claimsRoutes;
