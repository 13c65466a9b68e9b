/** `npm run cleanup`: the janitor's pass, once, with the counts of what it deleted. */
import { loadConfig } from '../server/platform/config.js';
import { runJanitorPass } from '../server/features/janitor/index.js';
import { createUploadStore } from '../server/features/uploads/index.js';
import { field, runCommand, withDatabase } from './cli.js';

const usage = 'Usage: npm run cleanup';

const help = `${usage}

Runs once what the server's janitor runs every PRUNE_INTERVAL_MINUTES, and prints the counts:
  sessions            ended (expired) sessions
  OAuth states        X sign-in states past their lifetime
  challenges          wallet sign-in challenges past their lifetime
  rate limits         rate-limit counters whose window has ended (PostgreSQL)
  lookup minutes      the console's per-minute lookup counts older than a day
  refused claims      refused claim attempts older than 90 days (the console's Claims section)
  unused images       images that no meme uses (uploads never used, meme images replaced since)
                      and that are older than a day: files in DATA_DIR/uploads, or rows of the
                      database on PostgreSQL
Safe to run while the server runs.

Options:
  -h, --help  show this help

The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

await runCommand({ usage, help }, async () => {
  const config = loadConfig();
  return withDatabase(async (db) => {
    const store = createUploadStore({ db, dialect: config.databaseUrl ? 'postgres' : 'sqlite' }, config);
    const { expiredRows, unusedUploads } = await runJanitorPass(db, store, Date.now());
    if (!expiredRows.ok) throw expiredRows.error;
    if (!unusedUploads.ok) throw unusedUploads.error;
    const rows = expiredRows.counts;
    const uploads = unusedUploads.counts;
    console.log('deleted:');
    console.log(field('sessions', rows.sessions));
    console.log(field('OAuth states', rows.oauthStates));
    console.log(field('challenges', rows.challenges));
    console.log(field('rate limits', rows.rateLimits));
    console.log(field('lookup minutes', rows.lookupMinutes));
    console.log(field('refused claims', rows.claimRefusals));
    console.log(field('unused images', `${uploads.files} (${size(uploads.bytes)})`));
    return 0;
  });
});
