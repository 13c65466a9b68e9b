import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupFile } from './backup-manifest.js';

/** The sha256 of a file, read in a stream (a database copy can be gigabytes). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file below `folder`, as sorted relative paths with `/` separators. */
export function listFiles(folder: string): string[] {
  const entries = fs.readdirSync(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Path, size and sha256 of every file in `folder` but the ones named in `except`. */
export async function describeFiles(folder: string, except: readonly string[] = []): Promise<BackupFile[]> {
  const described: BackupFile[] = [];
  for (const relative of listFiles(folder)) {
    if (except.includes(relative)) continue;
    const file = path.join(folder, relative);
    described.push({ path: relative, bytes: fs.statSync(file).size, sha256: await sha256OfFile(file) });
  }
  return described;
}

export interface FileProblem {
  path: string;
  problem: 'missing' | 'changed';
}

/** The listed files that are missing from `folder` or whose sha256 differs from the listed one. */
export async function findFileProblems(folder: string, files: readonly BackupFile[]): Promise<FileProblem[]> {
  const problems: FileProblem[] = [];
  for (const file of files) {
    const location = path.join(folder, ...file.path.split('/'));
    if (!fs.existsSync(location)) problems.push({ path: file.path, problem: 'missing' });
    else if ((await sha256OfFile(location)) !== file.sha256) problems.push({ path: file.path, problem: 'changed' });
  }
  return problems;
}

/** Owner-only access for a folder and everything in it (the backup holds the session secret). */
export function restrictToOwner(folder: string): void {
  fs.chmodSync(folder, 0o700);
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}
