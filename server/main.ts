import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { gracefulShutdown } from './platform/graceful-shutdown.js';
import { listenOnSockets } from './platform/listen-sockets.js';
import { nodeEndOfLifeWarning } from './platform/node-support.js';
import { describeXMode, xPolicyWarning } from './platform/x-mode.js';

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

  const nodeWarning = nodeEndOfLifeWarning();
  if (nodeWarning) app.log.warn(nodeWarning);
  app.log.info({ xMode: config.x.mode, xReason: config.x.reason }, describeXMode(config.x, config.publicUrl));
  const policyWarning = xPolicyWarning({ xMode: config.x.mode, miningOpen: config.miningOpen });
  if (policyWarning) app.log.warn(policyWarning);
  const sockets = await listenOnSockets(app, { port: config.port, host: config.host, sockets: config.listenSockets });
  app.log.info({ listenSockets: sockets }, `listening on ${sockets} socket${sockets === 1 ? '' : 's'} of port ${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
