import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminClaimsQuerySchema,
  AdminClaimsResponseSchema,
  AdminDisputeResponseSchema,
  AdminDisputesQuerySchema,
  AdminDisputesResponseSchema,
  AdminMeResponseSchema,
  AnswerDisputeBodySchema,
  AuditListResponseSchema,
  AuditQuerySchema,
  BlockBodySchema,
  BlockResponseSchema,
  DisputeChangeBodySchema,
  DisputeIdParamsSchema,
  WalletParamsSchema,
} from '@shared/schemas/admin';
import { AppError, notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { exportAuditCsv, listAudit } from '../audit/index.js';
import { listClaimsForReview } from '../claims/index.js';
import {
  answerDispute,
  type OperatorResult,
  reopenDispute,
  resolveDispute,
} from '../disputes/index.js';
import { setWalletBlocked } from './moderation.service.js';
import { adminCaller, adminGate } from './admin-gate.js';
import consoleRoutes from './console.routes.js';
import claimsRoutes from './claims.routes.js';
import peopleRoutes from './people.routes.js';
import importsRoutes from './imports.routes.js';
import distributionRoutes from './distribution.routes.js';
import { listDisputesWithHoldings } from './disputes-with-holdings.js';

const tags = ['Admin'];
const reads = errorResponses(400, 401, 403);
const changes = errorResponses(400, 401, 403, 404, 409);
const reviewer = { adminRole: 'reviewer' } as const;
const admin = { adminRole: 'admin' } as const;

function disputeAnswer(result: OperatorResult) {
  if (result.ok) return { dispute: result.dispute };
  if (result.status === 404) throw notFound('NOT_FOUND', result.problem);
  throw new AppError(409, 'CONFLICT', result.problem);
}

/**
 * The operator console's API. Every route is behind the admin gate (admin-gate.ts); `config.adminRole`
 * names the least role it needs. The audit log has only GET routes: nothing changes or deletes an entry.
 */
const adminRoutes: FastifyPluginAsyncTypebox<{ now?: () => number; backupDir?: string }> = async (app, { now = Date.now, backupDir = '' }) => {
  app.addHook('onRequest', adminGate(app.db, now));
  await app.register(consoleRoutes, { now, backupDir });
  await app.register(peopleRoutes, { now });
  await app.register(claimsRoutes, { now });
  await app.register(importsRoutes);
  await app.register(distributionRoutes);

  app.get(
    '/me',
    { config: reviewer, schema: { tags, summary: 'My wallet and operator role', response: { 200: AdminMeResponseSchema, ...reads } } },
    async (request) => {
      const { user, role } = adminCaller(request);
      return { walletAddress: user.wallet_address, role };
    },
  );

  app.get(
    '/audit',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The audit log, newest first, filtered and paged',
        querystring: AuditQuerySchema,
        response: { 200: AuditListResponseSchema, ...reads },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );

  app.get(
    '/audit.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The audit log as CSV (same filters), every cell kept as text in a spreadsheet',
        querystring: Type.Omit(AuditQuerySchema, ['limit', 'before']),
        response: { 200: Type.String(), ...reads },
      },
    },
    async (request, reply) => {
      const csv = await exportAuditCsv(app.db, request.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit.csv"').send(csv);
    },
  );

  app.get(
    '/disputes',
    {
      config: reviewer,
      schema: {
        tags,
        summary: "Holders' disputes, oldest first, of one status or all, each with the holder's allocation in the live snapshot",
        querystring: AdminDisputesQuerySchema,
        response: { 200: AdminDisputesResponseSchema, ...reads },
      },
    },
    async (request) => ({ disputes: await listDisputesWithHoldings(app.db, request.query.status ?? null) }),
  );

  app.post(
    '/disputes/:id/answer',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Answer a dispute (the holder sees it on the allocation page)',
        params: DisputeIdParamsSchema,
        body: AnswerDisputeBodySchema,
        response: { 200: AdminDisputeResponseSchema, ...changes },
      },
    },
    async (request) => {
      const { actor } = adminCaller(request);
      const { message, reason } = request.body;
      return disputeAnswer(await answerDispute(app.db, request.params.id, message, { by: actor, reason: reason ?? null, now: now() }));
    },
  );

  app.post(
    '/disputes/:id/resolve',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Mark a dispute resolved',
        params: DisputeIdParamsSchema,
        body: DisputeChangeBodySchema,
        response: { 200: AdminDisputeResponseSchema, ...changes },
      },
    },
    async (request) => {
      const { actor } = adminCaller(request);
      return disputeAnswer(await resolveDispute(app.db, request.params.id, { by: actor, reason: request.body.reason ?? null, now: now() }));
    },
  );

  app.post(
    '/disputes/:id/reopen',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Put a resolved dispute back in the queue',
        params: DisputeIdParamsSchema,
        body: DisputeChangeBodySchema,
        response: { 200: AdminDisputeResponseSchema, ...changes },
      },
    },
    async (request) => {
      const { actor } = adminCaller(request);
      return disputeAnswer(await reopenDispute(app.db, request.params.id, { by: actor, reason: request.body.reason ?? null, now: now() }));
    },
  );

  app.get(
    '/claims',
    {
      config: reviewer,
      schema: {
        tags,
        summary: "Members' claims and refused attempts, newest first, by kind and outcome (accepted, refused, revoked), paged",
        querystring: AdminClaimsQuerySchema,
        response: { 200: AdminClaimsResponseSchema, ...reads },
      },
    },
    async (request) => listClaimsForReview(app.db, request.query),
  );

  for (const blocked of [true, false]) {
    app.post(
      `/users/:wallet/${blocked ? 'block' : 'unblock'}`,
      {
        config: admin,
        schema: {
          tags,
          summary: blocked ? 'Block a member (their sessions end at once), with a reason' : 'Lift a block, with a reason',
          params: WalletParamsSchema,
          body: BlockBodySchema,
          response: { 200: BlockResponseSchema, ...changes },
        },
      },
      async (request) => {
        const { actor } = adminCaller(request);
        const result = await setWalletBlocked(
          app.db,
          { wallet: request.params.wallet, blocked, reason: request.body.reason, by: actor },
          now(),
        );
        if (!result.ok) throw notFound('NOT_FOUND', result.problem);
        return { walletAddress: result.walletAddress, blocked: result.blocked };
      },
    );
  }
};

export default adminRoutes;
