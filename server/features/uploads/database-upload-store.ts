import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import {
  deleteStoredImage,
  findStoredImage,
  listStoredImages,
  sumStoredImageBytes,
  upsertStoredImage,
} from './stored-images.repository.js';
import { assertStoredName, contentName, storageFull, type UploadStore, type UploadStoreOptions, uploadNames } from '../../platform/lib/upload-store.js';

/**
 * Images as rows of `stored_images`: every process on the same PostgreSQL reads what any of them
 * wrote (an upload on one, a meme generated from it on another). The budget is summed in the
 * database at each save, so it counts every process's images at once.
 */
export function createDatabaseUploadStore(
  db: Kysely<Database>,
  { maxBytes = Number.POSITIVE_INFINITY, now = Date.now }: UploadStoreOptions = {},
): UploadStore {
  const usedBytes = () => sumStoredImageBytes(db);

  async function assertRoom(bytes: number): Promise<void> {
    if ((await usedBytes()) + bytes > maxBytes) throw storageFull();
  }

  async function find(name: string): Promise<Buffer | null> {
    assertStoredName(name);
    return findStoredImage(db, name);
  }

  return {
    ...uploadNames,
    maxBytes,
    usedBytes,
    list: () => listStoredImages(db),
    assertRoom,
    find,

    async save(data, extension) {
      await assertRoom(data.length);
      const name = contentName(data, extension);
      await upsertStoredImage(db, name, data, now());
      return name;
    },

    remove: (name) => deleteStoredImage(db, name),
  };
}
