import fs from 'node:fs';
import path from 'node:path';

function move(names: readonly string[], from: string, to: string): void {
  for (const name of names) fs.renameSync(path.join(from, name), path.join(to, name));
}

/**
 * Puts the entries of `staging` (a folder inside `folder`) in place of the entries of `folder` but the
 * ones `keep` names, by renames within the folder, so it works when `folder` is a mount point (a
 * container's volume) that cannot itself be renamed. A rename that fails puts everything back.
 */
export function replaceContents(folder: string, staging: string, keep: readonly string[]): void {
  const aside = fs.mkdtempSync(path.join(folder, '.replaced-'));
  const skip = new Set([...keep, path.basename(staging), path.basename(aside)]);
  const old = fs.readdirSync(folder).filter((name) => !skip.has(name));
  const restored = fs.readdirSync(staging);
  const movedOld: string[] = [];
  const movedNew: string[] = [];
  try {
    for (const name of old) {
      move([name], folder, aside);
      movedOld.push(name);
    }
    for (const name of restored) {
      move([name], staging, folder);
      movedNew.push(name);
    }
  } catch (error) {
    move(movedNew, folder, staging);
    move(movedOld, aside, folder);
    fs.rmdirSync(aside);
    throw error;
  }
  fs.rmSync(aside, { recursive: true, force: true });
}
