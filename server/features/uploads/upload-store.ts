import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors.js';

export const uploadsPrefix = '/uploads/';
const storedName = /^[a-f0-9]{32}\.(?:jpg|png|webp)$/;

/** How long a measured folder size is trusted before the folder is summed again. */
export const usageTtlMs = 30_000;

export interface StoredFile {
  name: string;
  bytes: number;
  /** Last written (a re-save of the same content refreshes it), ms since the epoch. */
  modifiedAt: number;
}

export interface UploadStoreOptions {
  /** The disk budget of the folder; a save that would pass it is refused with 507. */
  maxBytes?: number;
  now?: () => number;
}

export const storageFullMessage = 'Image storage is full right now, so no new images can be saved. Please try again later.';

/** Files under DATA_DIR/uploads, named by content hash: never by anything a client sent. */
export function createUploadStore(dataDir: string, { maxBytes = Number.POSITIVE_INFINITY, now = Date.now }: UploadStoreOptions = {}) {
  const root = path.join(dataDir, 'uploads');
  // A folder sum kept current by our own writes and deletes, and summed again after a while so
  // other processes' files (a second server, `npm run cleanup`) are counted too.
  let usage: { bytes: number; measuredAt: number } | null = null;

  async function entries(): Promise<string[]> {
    try {
      return await fs.readdir(root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** Every file in the folder (temp files of interrupted writes included), with size and age. */
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

  /** Refuses with 507 STORAGE_FULL when `bytes` more would pass the disk budget. */
  async function assertRoom(bytes: number): Promise<void> {
    if ((await usedBytes()) + bytes > maxBytes) throw new AppError(507, 'STORAGE_FULL', storageFullMessage);
  }

  return {
    root,
    maxBytes,
    usedBytes,
    list,
    assertRoom,

    async save(data: Buffer, extension: 'jpg' | 'png' | 'webp'): Promise<string> {
      await assertRoom(data.length);
      await fs.mkdir(root, { recursive: true });
      const name = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${extension}`;
      const file = path.join(root, name);
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
      // A re-save of the same content is counted twice until the next sum: erring towards full.
      if (usage) usage.bytes += data.length;
      return name;
    },

    /** Deletes one file of the folder; false when it was already gone. */
    async remove(name: string): Promise<boolean> {
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

    /** The stored file name of one of our own upload URLs, or null for anything else. */
    nameFromUrl(url: string): string | null {
      if (!url.startsWith(uploadsPrefix)) return null;
      const name = url.slice(uploadsPrefix.length);
      return storedName.test(name) ? name : null;
    },

    isStoredName: (name: string) => storedName.test(name),

    read(name: string): Promise<Buffer> {
      if (!storedName.test(name)) throw new Error(`not a stored upload: ${name}`);
      return fs.readFile(path.join(root, name));
    },

    urlOf: (name: string) => `${uploadsPrefix}${name}`,
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
