import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time under a file or folder (0 when it does not exist): a build is stale when a source is newer. */
export function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}
