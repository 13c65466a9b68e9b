/** `npm run migrate`: applies pending migrations to the configured database and exits. */
import { loadConfig } from '../server/platform/config.js';
import { connectDatabase } from '../server/platform/db/connect.js';
import { migrateToLatest } from '../server/platform/db/migrate.js';

const config = loadConfig();
const { db, dialect } = connectDatabase(config);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied on ${dialect}: ${applied.join(', ')}` : `${dialect}: already up to date`);
} finally {
  await db.destroy();
}
