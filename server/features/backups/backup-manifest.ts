import fs from 'node:fs';
import path from 'node:path';
import type { DialectName } from '../../platform/db/connect.js';

export const manifestFileName = 'manifest.json';
/** A file holding the backup's id beside its data: a manifest copied in from another backup names another id. */
export const backupIdFileName = 'backup-id';
export const manifestFormat = 1;

export interface BackupFile {
  /** Relative to the backup folder, with `/` separators. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface DatabaseSummary {
  /** The last migration applied (Kysely's migration table), null when none was. */
  schemaVersion: string | null;
  /** Rows of every table of the app, by table name. */
  tables: Record<string, number>;
}

export interface BackupManifest extends DatabaseSummary {
  format: typeof manifestFormat;
  id: string;
  /** ISO 8601. */
  createdAt: string;
  dialect: DialectName;
  /** PostgreSQL: the one schema dumped (the connection's search_path), or null for the whole database. */
  postgresSchema: string | null;
  /** `environment`: SESSION_SECRET was set, so the backup does not hold it; the operator keeps that variable. */
  sessionSecret: 'included' | 'environment' | 'absent';
  allocation: { root: string | null; leafCount: number; asOfBlock: number | null };
  files: BackupFile[];
}

export function writeManifest(folder: string, manifest: BackupManifest): void {
  fs.writeFileSync(path.join(folder, manifestFileName), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The manifest of a backup folder; throws a readable message when it is missing or not one. */
export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, manifestFileName);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as { code?: string }).code === 'ENOENT' ? 'is missing' : 'is not readable JSON';
    throw new Error(`${file} ${reason}: not a backup folder written by npm run backup`, { cause: error });
  }
  if (!isObject(parsed) || parsed.format !== manifestFormat) {
    throw new Error(`${file} is not a backup manifest of format ${manifestFormat}`);
  }
  const { id, dialect, files, tables, allocation } = parsed;
  const filesOk = Array.isArray(files) && files.every((entry) => isObject(entry) && typeof entry.path === 'string' && typeof entry.sha256 === 'string');
  if (typeof id !== 'string' || (dialect !== 'sqlite' && dialect !== 'postgres') || !filesOk || !isObject(tables) || !isObject(allocation)) {
    throw new Error(`${file} is incomplete: it lacks the id, dialect, files, tables or allocation`);
  }
  return parsed as unknown as BackupManifest;
}
