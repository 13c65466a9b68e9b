import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { AppConfig } from './platform/config.js';
import type { DatabaseHandle } from './platform/db/connect.js';
import { createDemoPresence } from './features/demo/index.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './platform/http/error-handler.js';
import { activityRoutes } from './features/activity/index.js';
import { adminRoutes } from './features/admin/index.js';
import { allocationRoutes, publishRootAtReveal } from './features/allocation/index.js';
import { authRoutes } from './features/auth/index.js';
import { sessionsRoutes } from './features/auth/index.js';
import { chainRoutes } from './features/chain/index.js';
import { collectionRoutes } from './features/collection/index.js';
import { configRoutes } from './features/config/index.js';
import { disputesRoutes } from './features/disputes/index.js';
import { buildPublicConfig } from './features/config/index.js';
import { healthRoutes } from './features/health/index.js';
import { leaderboardRoutes } from './features/leaderboard/index.js';
import { memePage } from './features/memes/index.js';
import { memesRoutes } from './features/memes/index.js';
import { createTemplateLibrary } from './features/memes/index.js';
import { pointAllocationsPrefix, pointAllocationsRoutes } from './features/point-allocations/index.js';
import { securityTxtRoutes } from './features/security-txt/index.js';
import { simulatedXRoutes } from './features/simulated-x/index.js';
import { stakingRoutes } from './features/staking/index.js';
import { tweetsRoutes } from './features/tweets/index.js';
import { createUploadStore } from './features/uploads/index.js';
import { uploadsRoutes } from './features/uploads/index.js';
import { uploadsStatic } from './features/uploads/index.js';
import { usersRoutes } from './features/users/index.js';
import { xAuthRoutes } from './features/x-auth/index.js';
import { createGenerationProvider } from './integrations/generation/create-provider.js';
import { createXClient } from './integrations/x-client.js';
import { createSecretBox } from './platform/lib/secret-box.js';
import { costLimits } from './features/rate-limits/index.js';
import database from './platform/http/database.js';
import { backupSchedule } from './features/backups/index.js';
import dataDirLock from './platform/http/data-dir-lock.js';
import draining from './platform/http/draining.js';
import { janitor } from './features/janitor/index.js';
import { payoutCheck } from './features/payouts/index.js';
import { launch } from './features/launch/index.js';
import { lookupCounts } from './features/lookups/index.js';
import loadShedding from './platform/http/load-shedding.js';
import metrics from './metrics.plugin.js';
import openapi from './platform/http/openapi.js';
import { rateLimits } from './features/rate-limits/index.js';
import security from './platform/http/security.js';
import { session } from './features/auth/index.js';
import spa from './platform/http/spa.js';
import { logStream } from './platform/log-stream.js';
import { type LogDestination, RequestLogController } from './platform/request-log.js';
import { serverTimeouts } from './platform/server-timeouts.js';
import { trustProxyOption } from './platform/trust-proxy.js';
import { resolveSessionSecret } from './platform/session-secret.js';
import { validatorCompiler } from './platform/validation.js';
import { rememberingSerializerFactory } from './platform/lib/serializer-cache.js';
import { simulatedXPrefix } from './platform/x-mode.js';

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
    // One line per request instead of Fastify's two (server/platform/request-log.ts).
    logController: new RequestLogController(config.logLevel, destination || null),
    // No pino child per request (a fifth of a cached answer's cost): the lines about a request name
    // its id themselves (request-log.ts, error-handler.ts).
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

  // Parsed where read (platform/http/cookies.ts), not on every request: most requests read none.
  await app.register(cookie, { secret, hook: false });
  await app.register(security, { config });
  // Before every route: while shutting down, each answer closes its connection.
  await app.register(draining);
  // Before load shedding, which watches the calls waiting for a database connection.
  await app.register(database, { config, ...(overrides.database ? { handle: overrides.database } : {}) });
  await app.register(loadShedding, { config });
  // Before the routes: the OpenAPI document collects them as they are added.
  await app.register(openapi);

  await app.register(dataDirLock, { config });
  // After the database: on PostgreSQL the counts live there.
  await app.register(rateLimits);
  const store = createUploadStore({ db: app.db, dialect: app.dbDialect }, config);
  const viewDeps = { store, templates, publicUrl: config.publicUrl };
  await app.register(session, { config });
  await app.register(costLimits, { config });
  await app.register(janitor, { config, store });
  await app.register(backupSchedule, { config, ...(overrides.now ? { now: overrides.now } : {}) });
  await app.register(payoutCheck, { config, ...(overrides.now ? { now: overrides.now } : {}) });
  await app.register(launch, { config, onReveal: publishRootAtReveal, ...(overrides.now ? { now: overrides.now } : {}) });
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
    // The tip the launch gate follows (chain's cache): the payouts' confirmations.
    chainTip: () => app.launch.tipHeight(),
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
  await app.register(pointAllocationsRoutes, { prefix: pointAllocationsPrefix, ...(overrides.now ? { now: overrides.now } : {}) });
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
