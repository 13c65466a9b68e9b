import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export interface IndexedText {
  text: string;
  hash: string;
  bandKeys: readonly string[];
}

export interface EarlierText {
  claimId: number;
  userId: number;
  text: string;
}

/** At most this many near candidates are compared, those sharing the most bands first. */
const candidateLimit = 200;

// Any constant: it names the one lock all claim transactions of all processes take in turn.
const claimTextsLockId = 0x61636f726e;

/**
 * Serialises the duplicate check and the claim's insert across connections and processes on
 * PostgreSQL (released at commit); SQLite already runs one write transaction at a time.
 */
export async function lockClaimTexts(trx: Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${claimTextsLockId})`.execute(trx);
  }
}

/** Earlier claims with exactly this normalized text, by its hash. */
export async function findExactTexts(db: Kysely<Database>, hash: string): Promise<EarlierText[]> {
  const rows = await db
    .selectFrom('claim_texts')
    .select(['claim_id', 'user_id', 'normalized_text'])
    .where('text_hash', '=', hash)
    .limit(candidateLimit)
    .execute();
  return rows.map((row) => ({ claimId: Number(row.claim_id), userId: Number(row.user_id), text: row.normalized_text }));
}

/** Earlier claims sharing at least one LSH band with the text, the most shared bands first. */
export async function findBandCandidates(db: Kysely<Database>, bandKeys: readonly string[]): Promise<EarlierText[]> {
  const rows = await db
    .with('candidates', (qb) =>
      qb
        .selectFrom('claim_text_bands')
        .select((eb) => ['claim_id', eb.fn.countAll<number>().as('shared')])
        .where('band_key', 'in', bandKeys)
        .groupBy('claim_id')
        .orderBy('shared', 'desc')
        .orderBy('claim_id')
        .limit(candidateLimit),
    )
    .selectFrom('candidates')
    .innerJoin('claim_texts', 'claim_texts.claim_id', 'candidates.claim_id')
    .select(['claim_texts.claim_id', 'claim_texts.user_id', 'claim_texts.normalized_text'])
    .execute();
  return rows.map((row) => ({ claimId: Number(row.claim_id), userId: Number(row.user_id), text: row.normalized_text }));
}

export async function insertClaimText(
  db: Kysely<Database>,
  entry: { claimId: number; userId: number } & IndexedText,
): Promise<void> {
  await db
    .insertInto('claim_texts')
    .values({ claim_id: entry.claimId, user_id: entry.userId, text_hash: entry.hash, normalized_text: entry.text })
    .execute();
  await db
    .insertInto('claim_text_bands')
    .values(entry.bandKeys.map((band_key) => ({ band_key, claim_id: entry.claimId })))
    .execute();
}
