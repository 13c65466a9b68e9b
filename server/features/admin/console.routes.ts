import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import {
  AdminOverviewSchema,
  GrantBodySchema,
  GrantChangeResponseSchema,
  GrantsResponseSchema,
  type LaunchCommandBody,
  LaunchCommandBodySchema,
  LaunchResponseSchema,
  RevokeBodySchema,
} from '@shared/schemas/admin-console';
import { WalletParamsSchema } from '@shared/schemas/admin';
import { isValidJoinAddress, normalizeWallet } from '@shared/wallet';
import type { Database } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { betweenReads, recordChange } from '../audit/index.js';
import {
  launchSettings,
  launchStateTtlMs,
  parseRevealSchedule,
  pause,
  resume,
  revealAt,
  revealAtRefusal,
  revealNow,
  type RevealSchedule,
  setLaunchNotice,
} from '../launch/index.js';
import { publishRootAtReveal } from '../allocation/index.js';
import { adminCaller } from './admin-gate.js';
import { grantRole, listRoles, revokeRole } from './admin.service.js';
import { readLaunchState, readOverview } from './overview.service.js';

const tags = ['Admin'];
const reads = errorResponses(400, 401, 403);
const changes = errorResponses(400, 401, 403, 404, 409);
const reviewer = { adminRole: 'reviewer' } as const;
const admin = { adminRole: 'admin' } as const;

interface LaunchChange {
  command: string;
  run: (db: Kysely<Database>) => Promise<unknown>;
  /** A reveal-at's schedule, held against the clock and the chain tip before it is stored. */
  reveal?: RevealSchedule;
}

/** The change a launch command makes, as `npm run launch` makes it; the audit action is `launch.<CLI command>`. */
function launchChange(body: LaunchCommandBody, now: number): LaunchChange {
  switch (body.command) {
    case 'reveal-at': {
      const parsed = parseRevealSchedule(body.at);
      if (!parsed.ok) throw badRequest('VALIDATION_ERROR', `The reveal time ${parsed.problem}.`);
      return { command: 'reveal-at', run: (db) => revealAt(db, parsed.value, now), reveal: parsed.value };
    }
    case 'reveal-now':
      return { command: 'reveal-now', run: (db) => revealNow(db, publishRootAtReveal, now) };
    case 'pause': {
      const reason = body.reason.trim();
      if (!reason) throw badRequest('VALIDATION_ERROR', 'A pause needs a reason.');
      return { command: 'pause', run: (db) => pause(db, reason, now) };
    }
    case 'resume':
      return { command: 'resume', run: (db) => resume(db) };
    case 'notice': {
      const notice = { en: body.en.trim(), zh: body.zh.trim() };
      if (!notice.en || !notice.zh) throw badRequest('VALIDATION_ERROR', 'A notice needs its English and Chinese text.');
      return { command: 'notice', run: (db) => setLaunchNotice(db, notice) };
    }
    case 'notice-clear':
      return { command: 'notice', run: (db) => setLaunchNotice(db, null) };
  }
}

/**
 * As `npm run launch -- reveal-at`: a reveal already due (a time past, a block the tip has reached)
 * would publish the list at once, so it needs `"now": true`, and `"now": true` needs a reveal already due.
 */
async function confirmReveal(schedule: RevealSchedule, publishNow: boolean, now: number, tipHeight: () => Promise<number | null>): Promise<void> {
  const tip = schedule.kind === 'block' ? await tipHeight() : null;
  const refusal = revealAtRefusal(schedule, { now, tip, publishNow });
  if (refusal?.reason === 'due') {
    throw conflict(
      'REVEAL_TIME_PASSED',
      `${refusal.why}: the allocation list would be public at once. Check the date (or the block); to publish it at once on purpose, send "now": true (or reveal-now).`,
    );
  }
  if (refusal) throw badRequest('VALIDATION_ERROR', `"now": true publishes a reveal already due, but ${refusal.why}: leave it out to hide the list until then.`);
}

/**
 * The console's overview (reviewer: it is the console's first page), the launch switches and the
 * operator roles (admin). Registered inside the admin routes, behind their gate.
 */
const consoleRoutes: FastifyPluginAsyncTypebox<{ now: () => number; backupDir: string }> = async (app, { now, backupDir }) => {
  const revealedByGate = async () => (await app.launch.publicState()).allocation.revealed;

  app.get(
    '/overview',
    { config: reviewer, schema: { tags, summary: 'Open disputes, claims today, lookups in the last hour, upstreams, launch and last backup', response: { 200: AdminOverviewSchema, ...reads } } },
    async () =>
      readOverview({
        db: app.db,
        backupDir,
        now: now(),
        databaseReachable: app.databaseHealth.reachable,
        upstreams: app.metrics.upstreams.states(),
        revealedByGate,
      }),
  );

  app.post(
    '/launch',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A launch switch, as npm run launch: reveal-at, reveal-now, pause (with a reason), resume, notice, notice-clear',
        body: LaunchCommandBodySchema,
        response: { 200: LaunchResponseSchema, ...changes },
      },
    },
    async (request) => {
      const { actor } = adminCaller(request);
      const at = now();
      const { command, run, reveal } = launchChange(request.body, at);
      if (reveal) await confirmReveal(reveal, request.body.command === 'reveal-at' && request.body.now === true, at, () => app.launch.tipHeight());
      const reason = request.body.command === 'pause' ? request.body.reason.trim() : null;
      await recordChange(app.db, actor, { action: `launch.${command}`, reason }, betweenReads(launchSettings, run), at);
      return { launch: await readLaunchState(app.db, at, revealedByGate), followsWithinSeconds: launchStateTtlMs / 1000 };
    },
  );

  app.get(
    '/grants',
    { config: admin, schema: { tags, summary: 'Every wallet with an operator role, oldest grant first', response: { 200: GrantsResponseSchema, ...reads } } },
    async () => ({ grants: await listRoles(app.db) }),
  );

  app.post(
    '/grants',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Give a wallet a role (replacing its role), with an optional reason',
        body: GrantBodySchema,
        response: { 200: GrantChangeResponseSchema, ...changes },
      },
    },
    async (request) => {
      const { user, actor } = adminCaller(request);
      const { wallet, role, reason } = request.body;
      if (normalizeWallet(wallet) === user.wallet_address && role !== 'admin') {
        throw conflict('CONFLICT', 'You cannot take the admin role from your own wallet: another admin can.');
      }
      const result = await grantRole(app.db, { wallet, role, reason: reason ?? null }, actor, now());
      if (!result.ok) throw badRequest('INVALID_WALLET', result.problem);
      return { walletAddress: result.walletAddress, role: result.role };
    },
  );

  app.post(
    '/grants/:wallet/revoke',
    {
      config: admin,
      schema: {
        tags,
        summary: "Take a wallet's role away (never your own), with an optional reason",
        params: WalletParamsSchema,
        body: RevokeBodySchema,
        response: { 200: GrantChangeResponseSchema, ...changes },
      },
    },
    async (request) => {
      const { user, actor } = adminCaller(request);
      const walletAddress = normalizeWallet(request.params.wallet);
      if (!isValidJoinAddress(walletAddress)) throw badRequest('INVALID_WALLET', 'This is not a Bitcoin wallet address.');
      if (walletAddress === user.wallet_address) {
        throw conflict('CONFLICT', 'You cannot revoke your own role: another admin can.');
      }
      const result = await revokeRole(app.db, walletAddress, actor, now(), request.body.reason ?? null);
      if (!result.ok) throw notFound('NOT_FOUND', result.problem);
      return { walletAddress: result.walletAddress, role: result.role };
    },
  );
};

export default consoleRoutes;
