import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { gracefulShutdown } from './graceful-shutdown.js';
import { describeXMode, xPolicyWarning } from './x-mode.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  const shutdown = gracefulShutdown(app, {
    graceMs: config.shutdownGraceMs,
    hardStopMs: 10_000,
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  app.log.info({ xMode: config.x.mode, xReason: config.x.reason }, describeXMode(config.x, config.publicUrl));
  const policyWarning = xPolicyWarning({ xMode: config.x.mode, miningOpen: config.miningOpen });
  if (policyWarning) app.log.warn(policyWarning);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
