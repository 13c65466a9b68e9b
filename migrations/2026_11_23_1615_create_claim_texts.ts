import { createHash } from 'node:crypto';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The duplicate-post index (issue 13): per claim, the normalized text it was judged by, its hash
 * (exact copies) and its MinHash LSH band keys (near copies), so a new claim is compared with the
 * few earlier claims sharing a band instead of all of them. Claims made before this migration are
 * indexed here with a copy of the rules of server/features/claims/{post-text,text-similarity}.ts as
 * they are today: a migration never imports app code (tests/api/duplicates.test.ts compares both).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('claim_texts')
    .addColumn('claim_id', 'bigint', (col) => col.primaryKey().references('tweet_claims.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('text_hash', 'text', (col) => col.notNull())
    .addColumn('normalized_text', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('claim_texts_text_hash_idx').on('claim_texts').column('text_hash').execute();
  await db.schema
    .createTable('claim_text_bands')
    .addColumn('band_key', 'text', (col) => col.notNull())
    .addColumn('claim_id', 'bigint', (col) => col.notNull().references('claim_texts.claim_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('claim_text_bands_pkey', ['band_key', 'claim_id'])
    // On SQLite the key is the table itself (no second copy of every row in a rowid table).
    .$call((table) => (db.getExecutor().adapter instanceof PostgresAdapter ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema.createIndex('claim_text_bands_claim_id_idx').on('claim_text_bands').column('claim_id').execute();

  let after = 0;
  for (;;) {
    const claims = await db
      .selectFrom('tweet_claims')
      .leftJoin('memes', 'memes.id', 'tweet_claims.meme_id')
      .select(['tweet_claims.id', 'tweet_claims.user_id', 'tweet_claims.tweet_text', 'memes.meme_text'])
      .where('tweet_claims.id', '>', after)
      .orderBy('tweet_claims.id')
      .limit(500)
      .execute();
    if (claims.length === 0) break;
    after = Number(claims.at(-1)!.id);
    for (const claim of claims) {
      const text = checkedText(claim.tweet_text, claim.meme_text);
      if (text === null) continue;
      await db
        .insertInto('claim_texts')
        .values({ claim_id: claim.id, user_id: claim.user_id, text_hash: createHash('sha256').update(text).digest('hex'), normalized_text: text })
        .execute();
      await db
        .insertInto('claim_text_bands')
        .values(bandKeys(text).map((band_key) => ({ band_key, claim_id: claim.id })))
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('claim_text_bands').execute();
  await db.schema.dropTable('claim_texts').execute();
}

function normalizePostText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?:https?:\/\/|www\.)\S*/giu, ' ')
    .replace(/@[\p{L}\p{N}_]+/gu, ' ')
    .replace(/[#＃][\p{L}\p{N}_]+(?:\.\p{N}+)?/gu, ' ')
    // eslint-disable-next-line no-misleading-character-class -- joiners and variation selectors are removed one by one, not as parts of a sequence
    .replace(/[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200d\ufe0e\ufe0f\u20e3]/gu, ' ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

function checkedText(postText: string, ownText: string | null): string | null {
  let text = normalizePostText(postText);
  const own = ownText ? normalizePostText(ownText) : '';
  if (own) text = text.replace(own, ' ').replace(/\s+/gu, ' ').trim();
  return [...text].length >= 30 ? text : null;
}

function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function bandKeys(text: string): string[] {
  const [bands, rows] = [20, 6];
  const chars = [...text];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  const salts = Array.from({ length: bands * rows }, (_, i) => mix(0x9e3779b9 + Math.imul(i + 1, 0x7f4a7c15)));
  const minimums = new Uint32Array(salts.length).fill(0xffffffff);
  for (const gram of grams) {
    let h = 0x811c9dc5;
    for (let i = 0; i < gram.length; i++) h = Math.imul(h ^ gram.charCodeAt(i), 0x01000193);
    h = mix(h);
    for (let i = 0; i < salts.length; i++) minimums[i] = Math.min(minimums[i]!, mix(h ^ salts[i]!));
  }
  return Array.from({ length: bands }, (_, band) => {
    let low = 0x811c9dc5;
    let high = 0x01000193 ^ band;
    for (let row = 0; row < rows; row++) {
      const value = minimums[band * rows + row]!;
      low = mix(low ^ value);
      high = mix(high + Math.imul(value, 0x27d4eb2d));
    }
    return `${band}.${low.toString(16).padStart(8, '0')}${high.toString(16).padStart(8, '0')}`;
  });
}
