import type { Kysely } from 'kysely';
import type { Database, MemeRow } from '../../platform/db/schema.js';

export async function insertMeme(
  db: Kysely<Database>,
  meme: Omit<MemeRow, 'id' | 'is_posted' | 'points_earned' | 'posted_at'>,
): Promise<MemeRow> {
  return db
    .insertInto('memes')
    .values({ ...meme, posted_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findMemeByTrackingCode = (db: Kysely<Database>, trackingCode: string) =>
  db.selectFrom('memes').selectAll().where('tracking_code', '=', trackingCode).executeTakeFirst();

export const findMemeBySessionToken = (db: Kysely<Database>, sessionToken: string) =>
  db.selectFrom('memes').selectAll().where('session_token', '=', sessionToken).executeTakeFirst();

export const findMemeById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('memes').selectAll().where('id', '=', id).executeTakeFirst();

export const listUserMemes = (db: Kysely<Database>, userId: number, limit = 60) =>
  db.selectFrom('memes').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();

export const listPostedMemes = (db: Kysely<Database>, limit = 12) =>
  db.selectFrom('memes').selectAll().where('is_posted', '=', 1).orderBy('posted_at', 'desc').limit(limit).execute();

/** Marks the meme posted only if it was not yet: of two racing claims, one changes the row. */
export async function markMemePosted(db: Kysely<Database>, memeId: number, points: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('memes')
    .set({ is_posted: 1, points_earned: points, posted_at: now })
    .where('id', '=', memeId)
    .where('is_posted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Only while the meme is not posted; false when it was (a claimed card never changes). */
export async function replaceMemeImage(db: Kysely<Database>, memeId: number, imageFile: string): Promise<boolean> {
  const result = await db
    .updateTable('memes')
    .set({ image_file: imageFile })
    .where('id', '=', memeId)
    .where('is_posted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which of `names` a meme still shows (its image) or was made from (its uploaded background). */
export async function findMemeFilesInUse(db: Kysely<Database>, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('memes')
    .select(['image_file', 'uploaded_image'])
    .where((eb) => eb.or([eb('image_file', 'in', names), eb('uploaded_image', 'in', names)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.image_file, row.uploaded_image]).filter((name): name is string => name !== null));
}
