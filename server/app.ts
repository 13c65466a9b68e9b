import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import { createDemoPresence } from './demo/demo-presence.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './errors.js';
import activityRoutes from './features/activity/activity.routes.js';
import adminRoutes from './features/admin/admin.routes.js';
import allocationRoutes from './features/allocation/allocation.routes.js';
import authRoutes from './features/auth/auth.routes.js';
import sessionsRoutes from './features/auth/sessions.routes.js';
import chainRoutes from './features/chain/chain.routes.js';
import collectionRoutes from './features/collection/collection.routes.js';
import configRoutes from './features/config/config.routes.js';
import disputesRoutes from './features/disputes/disputes.routes.js';
import { buildPublicConfig } from './features/config/public-config.js';
import healthRoutes from './features/health/health.routes.js';
import leaderboardRoutes from './features/leaderboard/leaderboard.routes.js';
import { memePage } from './features/memes/meme-page.js';
import memesRoutes from './features/memes/memes.routes.js';
import { createTemplateLibrary } from './features/memes/templates.js';
import securityTxtRoutes from './features/security-txt/security-txt.routes.js';
import simulatedXRoutes from './features/simulated-x/simulated-x.routes.js';
import tokensRoutes from './features/tokens/tokens.routes.js';
import stakingRoutes from './features/staking/staking.routes.js';
import tweetsRoutes from './features/tweets/tweets.routes.js';
import { createUploadStore } from './features/uploads/create-upload-store.js';
import uploadsRoutes from './features/uploads/uploads.routes.js';
import uploadsStatic from './plugins/uploads-static.js';
import usersRoutes from './features/users/users.routes.js';
import xAuthRoutes from './features/x-auth/x-auth.routes.js';
import { createGenerationProvider } from './integrations/generation/create-provider.js';
import { createXClient } from './integrations/x-client.js';
import { createSecretBox } from './lib/secret-box.js';
import costLimits from './plugins/cost-limits.js';
import database from './plugins/database.js';
import backupSchedule from './plugins/backup-schedule.js';
import dataDirLock from './plugins/data-dir-lock.js';
import draining from './plugins/draining.js';
import janitor from './plugins/janitor.js';
import launch from './plugins/launch.js';
import lookupCounts from './plugins/lookup-counts.js';
import loadShedding from './plugins/load-shedding.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import rateLimits from './plugins/rate-limits.js';
import security from './plugins/security.js';
import session from './plugins/session.js';
import spa from './plugins/spa.js';
import { logStream } from './log-stream.js';
import { type LogDestination, RequestLogController } from './request-log.js';
import { serverTimeouts } from './server-timeouts.js';
import { trustProxyOption } from './trust-proxy.js';
import { resolveSessionSecret } from './session-secret.js';
import { validatorCompiler } from './validation.js';
import { rememberingSerializerFactory } from './lib/serializer-cache.js';
import { simulatedXPrefix } from './x-mode.js';

export interface AppOverrides {
  /** An already-open database (tests share one across apps). */
  database?: DatabaseHandle;
  /** Where log lines go instead of standard output; false for none. */
  logStream?: LogDestination | false;
  /** The clock of the upstream caches and the demo-data check (tests make a cached value stale without waiting). */
  now?: () => number;
}

export const maxUploadBytes = 5 * 1024 * 1024;

/** The whole app, un-listened: plugins in a fixed order, then one route plugin per feature. */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}) {
  const destination = overrides.logStream ?? logStream();
  const app = Fastify({
    logger: destination && {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      stream: destination,
    },
    // One line per request instead of Fastify's two (server/request-log.ts).
    logController: new RequestLogController(config.logLevel, destination || null),
    // No pino child per request (a fifth of a cached answer's cost): the lines about a request name
    // its id themselves (request-log.ts, errors.ts).
    childLoggerFactory: (logger) => logger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A request that reaches a closing server on a connection it already had (a proxy's, sent as the
    // listener closed) is answered, with Connection: close, instead of Fastify's bare 503, which a
    // proxy passes on as a failure: docs/deploy.md.
    return503OnClosing: false,
    ...serverTimeouts(config.requestTimeoutMs),
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    schemaController: { compilersFactory: { buildSerializer: rememberingSerializerFactory() } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app);
  // Only JSON and multipart bodies are accepted: a cross-site form cannot send either.
  app.removeContentTypeParser('text/plain');

  const secret = resolveSessionSecret(config);
  const box = createSecretBox(secret);
  const x = createXClient(config);
  const generator = createGenerationProvider(config);
  const templates = createTemplateLibrary();

  await app.register(cookie, { secret });
  await app.register(security, { config });
  // Before every route: while shutting down, each answer closes its connection.
  await app.register(draining);
  await app.register(loadShedding, { config });
  // Before the routes: the OpenAPI document collects them as they are added.
  await app.register(openapi);

  await app.register(database, { config, ...(overrides.database ? { handle: overrides.database } : {}) });
  await app.register(dataDirLock, { config });
  // After the database: on PostgreSQL the counts live there.
  await app.register(rateLimits);
  const store = createUploadStore({ db: app.db, dialect: app.dbDialect }, config);
  const viewDeps = { store, templates, publicUrl: config.publicUrl };
  await app.register(session, { config });
  await app.register(costLimits, { config });
  await app.register(janitor, { config, store });
  await app.register(backupSchedule, { config, ...(overrides.now ? { now: overrides.now } : {}) });
  await app.register(launch, { config, ...(overrides.now ? { now: overrides.now } : {}) });
  await app.register(lookupCounts, overrides.now ? { now: overrides.now } : {});
  // After what it reads (database, shedding, launch), before the routes its hooks count.
  await app.register(metrics, { config });
  const { upstreams } = app.metrics;
  if (x.isConfigured) upstreams.watch('x', x.upstreamState);
  if (generator.upstreamState) upstreams.watch('llm', generator.upstreamState);

  await app.register(healthRoutes);
  await app.register(configRoutes, {
    prefix: '/api',
    publicConfig: buildPublicConfig(config),
    demoData: createDemoPresence(app.db, overrides.now),
    launch: app.launch,
  });
  await app.register(authRoutes, { prefix: '/api/auth', config, ...(overrides.now ? { now: overrides.now } : {}) });
  await app.register(sessionsRoutes, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/user' });
  await app.register(allocationRoutes, {
    prefix: '/api/allocation',
    lookupRateLimit: config.lookupRateLimit,
    ...(overrides.now ? { now: overrides.now } : {}),
    // The Prometheus counter (when metrics are on) and the per-minute counts every process shares.
    lookups: {
      counted: (found: boolean) => {
        app.metrics.lookups.counted(found);
        app.lookupCounts.counted();
      },
    },
  });
  await app.register(disputesRoutes, { prefix: '/api/allocation/disputes' });
  await app.register(adminRoutes, { prefix: '/api/admin', backupDir: config.backupDir, ...(overrides.now ? { now: overrides.now } : {}) });
  await app.register(tokensRoutes, { prefix: '/api/tokens', ...(overrides.now ? { now: overrides.now } : {}) });
  const clock = overrides.now ? { now: overrides.now } : {};
  await app.register(chainRoutes, { prefix: '/api', config, upstreams, ...clock });
  await app.register(collectionRoutes, { prefix: '/api', config, upstreams, ...clock });
  await app.register(stakingRoutes, { prefix: '/api', config, upstreams, ...clock });
  await app.register(xAuthRoutes, { prefix: '/api', deps: { x, box }, simulatedX: config.x.mode === 'simulated' });
  await app.register(tweetsRoutes, {
    prefix: '/api/tweets',
    x,
    box,
    generator,
    miningOpen: config.miningOpen,
    claims: app.metrics.claims,
  });
  await app.register(activityRoutes, { prefix: '/api' });
  await app.register(leaderboardRoutes, { prefix: '/api/mining', ...(overrides.now ? { now: overrides.now } : {}) });
  await app.register(memesRoutes, {
    prefix: '/api/memes',
    deps: { ...viewDeps, x, box, generator, miningOpen: config.miningOpen, claims: app.metrics.claims },
  });
  // Multipart bodies only where files are uploaded: the plugin's hooks would otherwise run on every request.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 10 } });
    await uploads.register(uploadsRoutes, { prefix: '/api/upload', store });
  });
  await app.register(uploadsStatic, { store });
  // Only on loopback without X credentials (config.x.mode); otherwise /simulated-x does not exist.
  if (config.x.mode === 'simulated') await app.register(simulatedXRoutes, { prefix: simulatedXPrefix, config });

  await app.register(securityTxtRoutes, { config, ...clock });
  await app.register(spa, { config });
  await app.register(memePage(viewDeps));
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
