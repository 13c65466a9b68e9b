/**
 * `npm start`: builds the client and the server when missing or stale, migrates, loads the demo data
 * set into an empty database (unless DEMO_DATA=false), then runs the compiled server
 * (`node dist/server/main.js`) as its own process, without a TypeScript loader. This process only
 * passes signals on to it and exits with it, so npm returns only once the server has had its grace.
 * package.json runs it with `exec node --import tsx`: a shell left between npm and this process dies at
 * a SIGTERM to the process group, and npm with it, while the server is still answering.
 */
import { spawn } from 'node:child_process';
import { loadConfig } from '../server/platform/config.js';
import { connectDatabase } from '../server/platform/db/connect.js';
import { prepareSchema } from '../server/platform/db/migrate.js';
import { type DemoLoad, loadDemoData } from '../server/features/demo/index.js';
import { buildClient, clientBuildIsStale } from './client-build.js';
import { buildServer, serverBuildIsStale, serverBundle, serverNodeFlags } from './server-build.js';

const config = loadConfig();

if (clientBuildIsStale(config.clientDir)) {
  console.log('building the client…');
  buildClient(config.clientDir);
}

if (serverBuildIsStale()) {
  console.log('building the server…');
  await buildServer();
}

const demoMessages: Record<DemoLoad, string | null> = {
  loaded:
    'loaded the demo data set into the empty database; the pages say so while it is there. ' +
    'Remove it with `npm run demo:remove` (DEMO_DATA=false starts empty)',
  'not-empty': null,
  'removed-before': 'the demo data set was removed earlier (npm run demo:remove), so it is not loaded again',
};

const { db } = connectDatabase(config);
try {
  await prepareSchema(db, config);
  if (config.demoData) {
    const message = demoMessages[await loadDemoData(db)];
    if (message) console.log(message);
  } else {
    console.log('DEMO_DATA=false: the demo data set is not loaded');
  }
} finally {
  await db.destroy();
}

const server = spawn(process.execPath, [...serverNodeFlags, serverBundle], { stdio: 'inherit' });
// A signal sent to the whole group reaches the server as well: it takes this copy for the same one
// (server/platform/graceful-shutdown.ts), while a signal sent to this process alone still reaches it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
