import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { migrations } from '../../../migrations/index.js';
import type { DialectName } from '../../platform/db/connect.js';
import type { Database } from '../../platform/db/schema.js';
import { computeAllocationRoot } from '../allocation/index.js';
import { findFileProblems } from './backup-files.js';
import { type BackupManifest, backupIdFileName } from './backup-manifest.js';
import { readDatabaseSummary } from './backups.repository.js';

/** One printed line of the restore: `ok   what` or `FAIL what`. */
export interface RestoreCheck {
  ok: boolean;
  text: string;
}

/** A check failed: the restore stops, and nothing was changed. */
export class CheckFailed extends Error {}

export type Report = (check: RestoreCheck) => void;

/** Reports a check and stops the restore when it failed. */
export function check(report: Report, ok: true, text: string): void;
export function check(report: Report, ok: false, text: string): never;
export function check(report: Report, ok: boolean, text: string): void;
export function check(report: Report, ok: boolean, text: string): void {
  report({ ok, text });
  if (!ok) throw new CheckFailed(text);
}

/** Every listed file's sha256; a manifest copied from another backup is named as such. */
export async function checkFiles(report: Report, folder: string, manifest: BackupManifest): Promise<void> {
  const idFile = path.join(folder, backupIdFileName);
  const filesId = fs.existsSync(idFile) ? fs.readFileSync(idFile, 'utf8').trim() : null;
  const problems = await findFileProblems(folder, manifest.files);
  if (filesId !== null && filesId !== manifest.id) {
    check(report, false, `manifest.json is the manifest of backup ${manifest.id} (taken ${manifest.createdAt}), but the files here are of backup ${filesId}`);
  }
  const described = problems.map((problem) => `${problem.path} (${problem.problem === 'missing' ? 'missing' : 'sha256 differs'})`);
  check(
    report,
    problems.length === 0,
    problems.length === 0
      ? `sha256 of ${manifest.files.length} files`
      : `sha256 of ${manifest.files.length} files: ${described.join(', ')}`,
  );
}

/** The migrations, row counts and allocation root of the restored database against the manifest. */
export async function checkDatabase(report: Report, db: Kysely<Database>, dialect: DialectName, manifest: BackupManifest): Promise<void> {
  const known = Object.keys(migrations).sort();
  const summary = await readDatabaseSummary(db, dialect);
  const version = manifest.schemaVersion;
  check(
    report,
    version !== null && known.includes(version) && summary.schemaVersion === version,
    version === null || !known.includes(version)
      ? `schema version ${version ?? '(none)'} is not one this code knows (newest: ${known.at(-1)}): restore with the release that took the backup`
      : summary.schemaVersion === version
        ? `schema version ${version} (${known.indexOf(version) + 1} of ${known.length} migrations; the server applies any newer ones at start)`
        : `schema version: the manifest says ${version}, the restored database ${summary.schemaVersion ?? '(none)'}`,
  );

  const names = [...new Set([...Object.keys(manifest.tables), ...Object.keys(summary.tables)])].sort();
  const differ = names.filter((name) => manifest.tables[name] !== summary.tables[name]);
  const describe = (name: string) => `${name} ${manifest.tables[name] ?? 'absent'} in the manifest, ${summary.tables[name] ?? 'absent'} restored`;
  const total = Object.values(summary.tables).reduce((sum, rows) => sum + rows, 0);
  check(
    report,
    differ.length === 0,
    differ.length === 0
      ? `row counts of ${names.length} tables (${total.toLocaleString('en-US')} rows)`
      : `row counts differ: ${differ.map(describe).join('; ')}`,
  );

  const root = await computeAllocationRoot(db);
  const expected = manifest.allocation;
  check(
    report,
    root.root === expected.root && root.leafCount === expected.leafCount,
    root.root === expected.root && root.leafCount === expected.leafCount
      ? `allocation root ${root.root ?? '(no records)'} (${root.leafCount.toLocaleString('en-US')} leaves)`
      : `allocation root ${root.root ?? '(no records)'} (${root.leafCount} leaves) is not the manifest's ${expected.root ?? '(no records)'} (${expected.leafCount} leaves)`,
  );
}
