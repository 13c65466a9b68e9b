import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  /** The mounted folder. */
  dir: string;
  /** Writes a filler file until the filesystem answers ENOSPC. */
  fill: () => void;
  /** Deletes the filler. */
  free: () => void;
  unmount: () => void;
}

const fillerName = 'filler.bin';

/**
 * A tmpfs of `megabytes` mounted on a new temp folder (needs root), or why it could not be mounted.
 * A filesystem of its own is the only honest way to run out of space: nothing else shares it.
 */
export function mountSmallDisk(megabytes: number): SmallDisk | { problem: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-small-disk-'));
  if (process.getuid?.() !== 0) {
    fs.rmdirSync(dir);
    return { problem: 'mounting a tmpfs needs root' };
  }
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    fs.rmdirSync(dir);
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    return { problem: `mount -t tmpfs failed: ${stderr || (error as Error).message}` };
  }
  const filler = path.join(dir, fillerName);
  return {
    dir,
    fill: () => {
      const fd = fs.openSync(filler, 'a');
      try {
        // Large chunks first, then smaller ones for what is left: the last free block is taken too.
        for (const size of [1 << 20, 1 << 16, 1 << 12, 512, 1]) {
          const chunk = Buffer.alloc(size, 0x5a);
          try {
            for (;;) fs.writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free: () => fs.rmSync(filler, { force: true }),
    unmount: () => {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        // Something still holds a file open: detach now, the kernel frees it when the last file closes.
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      fs.rmdirSync(dir);
    },
  };
}
