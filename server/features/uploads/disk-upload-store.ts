import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertStoredName,
  contentName,
  storageFull,
  type StoredFile,
  type UploadStore,
  type UploadStoreOptions,
  uploadNames,
} from '../../platform/lib/upload-store.js';

/** How long a measured folder size is trusted before the folder is summed again. */
export const usageTtlMs = 30_000;

/** Files under DATA_DIR/uploads: the store of a single process (the SQLite default). */
export function createDiskUploadStore(
  dataDir: string,
  { maxBytes = Number.POSITIVE_INFINITY, now = Date.now }: UploadStoreOptions = {},
): UploadStore & { root: string } {
  const root = path.join(dataDir, 'uploads');
  // A folder sum kept current by our own writes and deletes, and summed again after a while so
  // other processes' files (`npm run cleanup`) are counted too.
  let usage: { bytes: number; measuredAt: number } | null = null;

  async function entries(): Promise<string[]> {
    try {
      return await fs.readdir(root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async function list(): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    for (const name of await entries()) {
      try {
        const stat = await fs.stat(path.join(root, name));
        if (stat.isFile()) files.push({ name, bytes: stat.size, modifiedAt: stat.mtimeMs });
      } catch {
        // deleted between the listing and the stat
      }
    }
    return files;
  }

  async function usedBytes(): Promise<number> {
    if (!usage || now() - usage.measuredAt > usageTtlMs) {
      const files = await list();
      usage = { bytes: files.reduce((sum, file) => sum + file.bytes, 0), measuredAt: now() };
    }
    return usage.bytes;
  }

  async function assertRoom(bytes: number): Promise<void> {
    if ((await usedBytes()) + bytes > maxBytes) throw storageFull();
  }

  async function find(name: string): Promise<Buffer | null> {
    assertStoredName(name);
    try {
      return await fs.readFile(path.join(root, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    ...uploadNames,
    root,
    maxBytes,
    usedBytes,
    list,
    assertRoom,
    find,

    async save(data, extension) {
      await assertRoom(data.length);
      await fs.mkdir(root, { recursive: true });
      const name = contentName(data, extension);
      const file = path.join(root, name);
      const temp = `${file}.${process.pid}.tmp`;
      try {
        await fs.writeFile(temp, data);
        await fs.rename(temp, file);
      } catch (error) {
        // A write cut short (no space left) leaves no partial file behind.
        await fs.rm(temp, { force: true });
        throw error;
      }
      // A re-save of the same content is counted twice until the next sum: erring towards full.
      if (usage) usage.bytes += data.length;
      return name;
    },

    async remove(name) {
      if (name.includes('/') || name.includes('\\') || name.startsWith('.')) throw new Error(`not a file of the store: ${name}`);
      try {
        const file = path.join(root, name);
        const { size } = await fs.stat(file);
        await fs.unlink(file);
        if (usage) usage.bytes = Math.max(0, usage.bytes - size);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
  };
}
