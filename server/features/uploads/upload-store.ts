import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const uploadsPrefix = '/uploads/';
const storedName = /^[a-f0-9]{32}\.(?:jpg|png|webp)$/;

/** Files under DATA_DIR/uploads, named by content hash: never by anything a client sent. */
export function createUploadStore(dataDir: string) {
  const root = path.join(dataDir, 'uploads');

  return {
    root,

    async save(data: Buffer, extension: 'jpg' | 'png' | 'webp'): Promise<string> {
      await fs.mkdir(root, { recursive: true });
      const name = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${extension}`;
      const file = path.join(root, name);
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
      return name;
    },

    /** The stored file name of one of our own upload URLs, or null for anything else. */
    nameFromUrl(url: string): string | null {
      if (!url.startsWith(uploadsPrefix)) return null;
      const name = url.slice(uploadsPrefix.length);
      return storedName.test(name) ? name : null;
    },

    read(name: string): Promise<Buffer> {
      if (!storedName.test(name)) throw new Error(`not a stored upload: ${name}`);
      return fs.readFile(path.join(root, name));
    },

    urlOf: (name: string) => `${uploadsPrefix}${name}`,
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
