/** `npm run restore -- BACKUP [--data-dir DIR] [--force]`: brings a backup back, checked before it replaces anything. */
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/platform/config.js';
import { carryPublishedRoots, type RootPublication } from '../server/features/allocation/index.js';
import { commandActor, recordChange } from '../server/features/audit/index.js';
import { RestoreRefused, restoreBackup } from '../server/features/backups/index.js';
import { runCommand, UsageError, withDatabase } from './cli.js';
import { afterRevealHelp, afterRevealOptions, publicationLines, readAfterReveal } from './root-publication.js';

const usage = 'Usage: npm run restore -- BACKUP [--data-dir DIR] [--force] [--after-reveal --reason "…"]';

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
${afterRevealHelp}
                   (SQLite: a DATA_DIR whose list was published, restored from a backup with another root)
  -h, --help      show this help`;

const options = { 'data-dir': { type: 'string' }, force: { type: 'boolean' }, ...afterRevealOptions } as const;

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected argument "${positionals[1]}"` : 'name the backup folder');
  const config = loadConfig();
  if (config.databaseUrl && (values['data-dir'] || values.force)) {
    throw new UsageError('--data-dir and --force apply to SQLite; on PostgreSQL the backup goes into the empty database DATABASE_URL names');
  }
  const afterReveal = readAfterReveal(values);
  if (afterReveal && config.databaseUrl) throw new UsageError('--after-reveal applies to SQLite; on PostgreSQL the backup goes into an empty database, with no published root to replace');
  try {
    const { target, manifest, publishedRoots } = await restoreBackup(config, {
      backup: positionals[0]!,
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
      force: values.force ?? false,
      onCheck: ({ ok, text }) => console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`),
      ...(afterReveal ? { afterReveal } : {}),
    });
    // Into the restored database, after the restore, so the entry survives it. A restore runs as the role
    // that owns the tables (it created every one), so it brings an older backup's schema up to date
    // whatever MIGRATE_ON_START says.
    const restored = { ...config, ...(config.databaseUrl ? {} : { dataDir: target }), migrateOnStart: true };
    const entry = { action: 'restore', target: path.basename(positionals[0]!), after: { id: manifest.id, root: manifest.allocation.root } };
    let publication: RootPublication | undefined;
    await withDatabase(
      (db) =>
        recordChange(db, commandActor(os.userInfo().username), { ...entry, reason: afterReveal?.reason ?? null }, async (trx) => {
          // The replaced database's published roots are newer than the backup's: kept, with this restore's root settled against them.
          const { root, leafCount } = manifest.allocation;
          if (publishedRoots) publication = await carryPublishedRoots(trx, publishedRoots, { root, leafCount, afterReveal });
          return { result: undefined };
        }),
      restored,
    );
    console.log(`restored backup ${manifest.id} into ${target}`);
    for (const line of publicationLines(publication)) console.log(line);
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
