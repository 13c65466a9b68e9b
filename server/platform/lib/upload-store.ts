import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';
import { storageFullMessage } from './storage-full.js';
import { uploadsPrefix } from '../public-paths.js';

const storedName = /^[a-f0-9]{32}\.(?:jpg|png|webp)$/;

export type ImageExtension = 'jpg' | 'png' | 'webp';

export interface StoredFile {
  name: string;
  bytes: number;
  /** Last written (a re-save of the same content refreshes it), ms since the epoch. */
  modifiedAt: number;
}

export interface UploadStoreOptions {
  /** The storage budget; a save that would pass it is refused with 507. */
  maxBytes?: number;
  now?: () => number;
}

/**
 * Where uploaded and rendered images live, named by content hash (never by anything a client sent):
 * DATA_DIR/uploads on SQLite (`disk-upload-store.ts`), the database on PostgreSQL, where several
 * processes share them (`database-upload-store.ts`).
 */
export interface UploadStore {
  maxBytes: number;
  /** Bytes stored now (the disk store may answer from a sum a few seconds old). */
  usedBytes(): Promise<number>;
  /** Every stored entry (on disk, temp files of interrupted writes included), with size and age. */
  list(): Promise<StoredFile[]>;
  /** Refuses with 507 STORAGE_FULL when `bytes` more would pass the budget. */
  assertRoom(bytes: number): Promise<void>;
  /** Stores the image under its content-hash name and returns the name. */
  save(data: Buffer, extension: ImageExtension): Promise<string>;
  /** Deletes one entry; false when it was already gone. */
  remove(name: string): Promise<boolean>;
  /** The image, or null when no image has that name. */
  find(name: string): Promise<Buffer | null>;
  /** The stored name of one of our own upload URLs, or null for anything else. */
  nameFromUrl(url: string): string | null;
  isStoredName(name: string): boolean;
  urlOf(name: string): string;
}

export const isStoredName = (name: string) => storedName.test(name);

export function contentName(data: Buffer, extension: ImageExtension): string {
  return `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${extension}`;
}

export function assertStoredName(name: string): void {
  if (!storedName.test(name)) throw new Error(`not a stored upload: ${name}`);
}

export function storageFull(): AppError {
  return new AppError(507, 'STORAGE_FULL', storageFullMessage);
}

/** The naming half of every store: URLs in and out. */
export const uploadNames = {
  nameFromUrl(url: string): string | null {
    if (!url.startsWith(uploadsPrefix)) return null;
    const name = url.slice(uploadsPrefix.length);
    return storedName.test(name) ? name : null;
  },
  isStoredName,
  urlOf: (name: string) => `${uploadsPrefix}${name}`,
};
