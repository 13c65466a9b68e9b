import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { StoredFile } from '../../platform/lib/upload-store.js';

/** Writes an image; the same content saved again only refreshes its time (the name is its hash). */
export async function upsertStoredImage(db: Kysely<Database>, name: string, data: Buffer, now: number): Promise<void> {
  await db
    .insertInto('stored_images')
    .values({ name, data, bytes: data.length, modified_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ modified_at: now }))
    .execute();
}

export async function findStoredImage(db: Kysely<Database>, name: string): Promise<Buffer | null> {
  const row = await db.selectFrom('stored_images').select('data').where('name', '=', name).executeTakeFirst();
  return row ? Buffer.from(row.data) : null;
}

/** Every image's name, size and age, without the bytes. */
export async function listStoredImages(db: Kysely<Database>): Promise<StoredFile[]> {
  const rows = await db.selectFrom('stored_images').select(['name', 'bytes', 'modified_at']).orderBy('name').execute();
  return rows.map((row) => ({ name: row.name, bytes: Number(row.bytes), modifiedAt: Number(row.modified_at) }));
}

export async function sumStoredImageBytes(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('stored_images')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.val(0)).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function deleteStoredImage(db: Kysely<Database>, name: string): Promise<boolean> {
  const result = await db.deleteFrom('stored_images').where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
