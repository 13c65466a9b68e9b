/** `npm run backup [-- --to DIR]`: a consistent, checked copy of everything the product keeps. */
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/platform/config.js';
import { appendAudit, commandActor } from '../server/features/audit/index.js';
import type { BackupProgress } from '../server/features/backups/index.js';
import { createBackup } from '../server/features/backups/index.js';
import { count, field, plural, runCommand, withDatabase } from './cli.js';

const usage = 'Usage: npm run backup [-- --to DIR]';

const help = `${usage}

Writes a backup folder (acorn-backup-YYYYMMDDTHHMMSSZ) into BACKUP_DIR (default ./backups), or DIR,
while the server keeps running and writing:
  SQLite      a consistent copy of DATA_DIR/app.sqlite (VACUUM INTO), the images of DATA_DIR/uploads
              and the generated session secret
  PostgreSQL  pg_dump -Fc of the database (images included); pg_dump must be on the PATH, as new as the server
Its manifest.json records the time, the schema version, the row counts, the allocation Merkle root and
the sha256 of every file, checked after writing. The folder is readable by its owner only. A backup that
fails leaves nothing behind. Bring one back with npm run restore.

Options:
  --to DIR    write into DIR instead of BACKUP_DIR (never inside DATA_DIR)
  -h, --help  show this help`;

const megabyte = 1024 * 1024;
/** Small databases and few images stay quiet; large ones report every tenth. */
const reportFrom = { bytes: 16 * megabyte, files: 1000 };

function progressReporter(stream: NodeJS.WriteStream = process.stderr) {
  let last = { phase: '', tenth: -1 };
  const onProgress = (event: BackupProgress) => {
    if (event.total < reportFrom[event.unit]) return;
    const tenth = Math.floor((event.done / event.total) * 10);
    if (event.phase === last.phase && tenth === last.tenth) return;
    last = { phase: event.phase, tenth };
    const done = event.unit === 'bytes' ? `${count(Math.round(event.done / megabyte))} of ${count(Math.round(event.total / megabyte))} MB` : `${count(event.done)} of ${count(event.total)} files`;
    const text = `${event.phase === 'database' ? 'database copied' : 'images copied'}: ${done}`;
    stream.write(stream.isTTY ? `\r${text}${event.done === event.total ? '\n' : ''}` : `${text}\n`);
  };
  return onProgress;
}

await runCommand({ usage, help, options: { to: { type: 'string' } } }, async ({ values }) => {
  const { folder, manifest } = await createBackup(loadConfig(), { ...(values.to ? { to: values.to } : {}), onProgress: progressReporter() });
  const rows = Object.values(manifest.tables).reduce((sum, value) => sum + value, 0);
  // After the copy, so the entry is in the live log but not in the backup it names.
  const after = { id: manifest.id, rows, root: manifest.allocation.root };
  await withDatabase((db) =>
    appendAudit(db, commandActor(os.userInfo().username), { action: 'backup', target: path.basename(folder), after }),
  );
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`backup written: ${folder}`);
  console.log(field('database', manifest.dialect === 'sqlite' ? 'SQLite' : `PostgreSQL (${manifest.postgresSchema ? `schema ${manifest.postgresSchema}` : 'whole database'})`));
  console.log(field('schema version', manifest.schemaVersion ?? 'none'));
  console.log(field('rows', `${count(rows)} in ${plural(Object.keys(manifest.tables).length, 'table')}`));
  console.log(field('merkle root', manifest.allocation.root ?? 'none (no allocation records)'));
  console.log(field('merkle leaves', manifest.allocation.leafCount));
  console.log(field('as of block', manifest.allocation.asOfBlock === null ? 'unknown' : count(manifest.allocation.asOfBlock)));
  console.log(field('files', `${plural(manifest.files.length, 'file')}, ${count(Math.ceil(bytes / 1024))} kB, sha256 checked`));
  const secret = {
    included: 'included (the folder is readable by its owner only)',
    environment: 'not included: SESSION_SECRET comes from the environment; keep that value yourself, restored X links need it',
    absent: 'none yet (the server has not generated one)',
  }[manifest.sessionSecret];
  console.log(field('session secret', secret));
  return 0;
});
