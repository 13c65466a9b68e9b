/** `npm run restore -- BACKUP [--data-dir DIR] [--force]`: brings a backup back, checked before it replaces anything. */
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { appendAudit, commandActor } from '../server/features/audit/audit.service.js';
import { RestoreRefused, restoreBackup } from '../server/features/backups/restore.service.js';
import { runCommand, UsageError, withDatabase } from './cli.js';

const usage = 'Usage: npm run restore -- BACKUP [--data-dir DIR] [--force]';

const help = `${usage}

Restores the backup folder BACKUP (written by npm run backup) and prints each check:
every file's sha256 against the manifest, the database's integrity (SQLite's integrity_check; on
PostgreSQL that pg_restore can read the archive), that its schema version is one this code knows,
the row count of every table and the allocation Merkle root against the manifest.
  SQLite      into DATA_DIR (or DIR), restored beside it and moved into place only when every check
              passed. Refused while a server runs on that DATA_DIR (even with --force), and when it
              is not empty unless --force.
  PostgreSQL  with pg_restore into the empty database DATABASE_URL names; a non-empty one is refused,
              and so is one whose role may not create in it (PostgreSQL 15 and later: only the
              database's owner, so create it with createdb --owner ROLE NAME).
When a check fails nothing is changed, and the exit code is 1.

Options:
  --data-dir DIR  restore into DIR instead of DATA_DIR (SQLite)
  --force         replace the contents of a non-empty DATA_DIR (SQLite)
  -h, --help      show this help`;

const options = { 'data-dir': { type: 'string' }, force: { type: 'boolean' } } as const;

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected argument "${positionals[1]}"` : 'name the backup folder');
  const config = loadConfig();
  if (config.databaseUrl && (values['data-dir'] || values.force)) {
    throw new UsageError('--data-dir and --force apply to SQLite; on PostgreSQL the backup goes into the empty database DATABASE_URL names');
  }
  try {
    const { target, manifest } = await restoreBackup(config, {
      backup: positionals[0]!,
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
      force: values.force ?? false,
      onCheck: ({ ok, text }) => console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`),
    });
    // Into the restored database, after the restore, so the entry survives it.
    const restored = config.databaseUrl ? config : { ...config, dataDir: target };
    const entry = { action: 'restore', target: path.basename(positionals[0]!), after: { id: manifest.id, root: manifest.allocation.root } };
    await withDatabase((db) => appendAudit(db, commandActor(os.userInfo().username), entry), restored);
    console.log(`restored backup ${manifest.id} into ${target}`);
    if (manifest.sessionSecret === 'environment') {
      console.log('note: SESSION_SECRET came from the environment when this backup was taken; start the server with the same value');
    }
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.log('restore refused: nothing was changed');
    return 1;
  }
});
