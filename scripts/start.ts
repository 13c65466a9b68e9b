/**
 * `npm start`: builds the client when missing or stale, migrates, loads the demo data set into an
 * empty database, then starts the server.
 */
import { loadConfig } from '../server/config.js';
import { connectDatabase } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { loadDemoData } from '../server/demo/load-demo-data.js';
import { buildClient, clientBuildIsStale } from './client-build.js';

const config = loadConfig();

if (clientBuildIsStale(config.clientDir)) {
  console.log('building the client…');
  buildClient();
}

const { db } = connectDatabase(config);
try {
  await migrateToLatest(db);
  if (await loadDemoData(db)) console.log('loaded the demo data set into the empty database');
} finally {
  await db.destroy();
}

await import('../server/main.js');
