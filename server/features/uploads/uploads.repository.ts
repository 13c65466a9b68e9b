import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Which of `names` a meme still shows (its image) or was made from (its uploaded background). */
export async function findFilesInUse(db: Kysely<Database>, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('memes')
    .select(['image_file', 'uploaded_image'])
    .where((eb) => eb.or([eb('image_file', 'in', names), eb('uploaded_image', 'in', names)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.image_file, row.uploaded_image]).filter((name): name is string => name !== null));
}
