import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, holdDataDirLock, takeDataDirForRestore } from '../../server/platform/db/data-dir-lock.js';
import { tryExclusiveFileLock, tryFileLock } from '../../server/platform/db/file-lock.js';

let dir: string;
const releases: Array<() => void> = [];
const held = <T extends (() => void) | null>(release: T): T => {
  if (release) releases.push(release);
  return release;
};

afterEach(() => {
  for (const release of releases.splice(0)) release();
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-lock-'));
  return path.join(dir, 'test.lock');
};

describe('tryFileLock', () => {
  it('lets several shared holders in together and refuses an exclusive one until the last has released', () => {
    const file = lockFile();
    const first = held(tryFileLock(file, 'shared'));
    const second = held(tryFileLock(file, 'shared'));
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(tryExclusiveFileLock(file)).toBeNull();
    first!();
    expect(tryExclusiveFileLock(file)).toBeNull();
    second!();
    expect(held(tryExclusiveFileLock(file))).toBeTypeOf('function');
  });

  it('refuses a shared or a second exclusive holder while an exclusive one holds the file, and admits them once it released', () => {
    const file = lockFile();
    const exclusive = held(tryExclusiveFileLock(file))!;
    expect(tryFileLock(file, 'shared')).toBeNull();
    expect(tryExclusiveFileLock(file)).toBeNull();
    exclusive();
    expect(held(tryFileLock(file, 'shared'))).toBeTypeOf('function');
  });
});

describe('the DATA_DIR lock', () => {
  it('refuses a restore while a server holds the directory, and a second restore while one is running', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-lock-'));
    const server = holdDataDirLock(dir);
    expect(() => takeDataDirForRestore(dir)).toThrow(DataDirBusyError);
    server.release();
    const restore = takeDataDirForRestore(dir);
    releases.push(restore.release);
    expect(() => takeDataDirForRestore(dir)).toThrow(DataDirBusyError);
  });
});
