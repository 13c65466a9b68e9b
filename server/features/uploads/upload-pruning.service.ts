import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { UploadStore } from '../../platform/lib/upload-store.js';
import { findMemeFilesInUse } from '../memes/index.js';

/**
 * How old a file no meme uses must be before it goes: an upload is made before the meme that uses
 * it, and a rendered image is saved just before its meme row, so a young file may be about to be used.
 */
export const unusedUploadGraceMs = 24 * 60 * 60 * 1000;

const batchSize = 500;

export interface UploadPruneCounts {
  files: number;
  bytes: number;
}

/**
 * Deletes the files in the uploads folder that no meme references (uploads never used, images a
 * meme no longer shows because `complete-meme` replaced them, temp files of interrupted writes)
 * and that were last written at least the grace period before `now`.
 */
export async function pruneUnusedUploads(
  db: Kysely<Database>,
  store: UploadStore,
  now: number,
  graceMs = unusedUploadGraceMs,
): Promise<UploadPruneCounts> {
  const old = (await store.list()).filter((file) => file.modifiedAt <= now - graceMs);
  const counts: UploadPruneCounts = { files: 0, bytes: 0 };
  for (let start = 0; start < old.length; start += batchSize) {
    const batch = old.slice(start, start + batchSize);
    const inUse = await findMemeFilesInUse(
      db,
      batch.filter((file) => store.isStoredName(file.name)).map((file) => file.name),
    );
    for (const file of batch) {
      if (inUse.has(file.name)) continue;
      if (await store.remove(file.name)) {
        counts.files += 1;
        counts.bytes += file.bytes;
      }
    }
  }
  return counts;
}
