import { type Expression, expressionBuilder, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export interface NewClaim {
  userId: number;
  tweetId: string;
  tweetUrl: string;
  tweetText: string;
  isCustom: boolean;
  points: number;
  memeId: number | null;
  now: number;
}

/** Returns the new claim's id. */
export async function insertClaim(db: Kysely<Database>, claim: NewClaim): Promise<number> {
  const row = await db
    .insertInto('tweet_claims')
    .values({
      user_id: claim.userId,
      tweet_id: claim.tweetId,
      tweet_url: claim.tweetUrl,
      tweet_text: claim.tweetText,
      is_custom: claim.isCustom ? 1 : 0,
      points: claim.points,
      created_at: claim.now,
      meme_id: claim.memeId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function isPostClaimed(db: Kysely<Database>, tweetId: string): Promise<boolean> {
  const row = await db.selectFrom('tweet_claims').select('id').where('tweet_id', '=', tweetId).executeTakeFirst();
  return row !== undefined;
}

/** Newest first; the id breaks ties between claims of the same millisecond so pages never overlap. */
export async function listUserClaims(db: Kysely<Database>, userId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('tweet_claims')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUserClaims(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('tweet_claims')
    .select(db.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The claims of each of `userIds` (revoked ones too), in one query; a user without any is left out. */
export async function countClaimsOfUsers(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tweet_claims')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('count')])
    .where('user_id', 'in', [...new Set(userIds)])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.count)]));
}

/** The points each of `userIds` holds from claims still standing (a revoked claim's were taken back), in one query. */
export async function standingClaimPointsOfUsers(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tweet_claims')
    .select((eb) => ['user_id', eb.fn.sum<number | string>('points').as('points')])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('revoked_at', 'is', null)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.points)]));
}

/** Claims (posts and memes) accepted from `fromMs` on; tweet_claims_created_at_idx answers it. */
export async function countClaimsSince(db: Kysely<Database>, fromMs: number): Promise<number> {
  const row = await db
    .selectFrom('tweet_claims')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('created_at', '>=', fromMs)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Where a page of the review list starts: entries strictly older than this one (newest first). */
export interface ReviewCursor {
  createdAt: number;
  /** Claims sort before refusals of the same millisecond (1 above 0). */
  source: 0 | 1;
  id: number;
}

type ReviewKind = 'tweet' | 'meme' | undefined;

/** Where each table's rows stand in the review order among entries of the same millisecond. */
const reviewSource = { tweet_claims: 1, claim_refusals: 0 } as const;

/**
 * The rows of `table` that come after `cursor` in the review order (created_at, then source, then id,
 * each descending). Of the cursor's own millisecond, the cursor's own table keeps the lower ids, the
 * refusals after a claim all stay, the claims after a refusal all go.
 */
function afterCursor(table: keyof typeof reviewSource, cursor: ReviewCursor): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  const createdAt = sql.ref<number>(`${table}.created_at`);
  const source = reviewSource[table];
  if (source !== cursor.source) return eb(createdAt, source < cursor.source ? '<=' : '<', cursor.createdAt);
  return eb.or([
    eb(createdAt, '<', cursor.createdAt),
    eb.and([eb(createdAt, '=', cursor.createdAt), eb(sql.ref<number>(`${table}.id`), '<', cursor.id)]),
  ]);
}

/**
 * Every member's claims, newest first (then by id), of one kind or both, standing, revoked or both
 * (the operator console); `cursor` keeps only entries after it in that order.
 */
export async function listRecentClaims(
  db: Kysely<Database>,
  filter: { kind?: ReviewKind; revoked?: boolean | undefined; cursor?: ReviewCursor | undefined },
  limit: number,
) {
  let query = db
    .selectFrom('tweet_claims')
    .select([
      'tweet_claims.id',
      'tweet_claims.user_id',
      'tweet_claims.tweet_url',
      'tweet_claims.points',
      'tweet_claims.created_at',
      'tweet_claims.meme_id',
      'tweet_claims.revoked_at',
      'tweet_claims.revoked_reason',
    ])
    .orderBy('tweet_claims.created_at', 'desc')
    .orderBy('tweet_claims.id', 'desc')
    .limit(limit);
  if (filter.kind === 'meme') query = query.where('tweet_claims.meme_id', 'is not', null);
  if (filter.kind === 'tweet') query = query.where('tweet_claims.meme_id', 'is', null);
  if (filter.revoked === true) query = query.where('tweet_claims.revoked_at', 'is not', null);
  if (filter.revoked === false) query = query.where('tweet_claims.revoked_at', 'is', null);
  const cursor = filter.cursor;
  if (cursor) query = query.where(afterCursor('tweet_claims', cursor));
  return query.execute();
}

/** Refused claim attempts, newest first (then by id), of one kind or both, after `cursor` in that order. */
export async function listRecentRefusals(
  db: Kysely<Database>,
  filter: { kind?: ReviewKind; cursor?: ReviewCursor | undefined },
  limit: number,
) {
  let query = db
    .selectFrom('claim_refusals')
    .select([
      'claim_refusals.id',
      'claim_refusals.user_id',
      'claim_refusals.kind',
      'claim_refusals.tweet_url',
      'claim_refusals.code',
      'claim_refusals.similarity',
      'claim_refusals.matched_claim_id',
      'claim_refusals.created_at',
    ])
    .orderBy('claim_refusals.created_at', 'desc')
    .orderBy('claim_refusals.id', 'desc')
    .limit(limit);
  if (filter.kind) query = query.where('claim_refusals.kind', '=', filter.kind);
  const cursor = filter.cursor;
  if (cursor) query = query.where(afterCursor('claim_refusals', cursor));
  return query.execute();
}

export interface NewRefusal {
  userId: number;
  kind: 'tweet' | 'meme';
  tweetId: string;
  tweetUrl: string;
  code: string;
  similarity: number | null;
  matchedClaimId: number | null;
  now: number;
}

export async function insertRefusal(db: Kysely<Database>, refusal: NewRefusal): Promise<void> {
  await db
    .insertInto('claim_refusals')
    .values({
      user_id: refusal.userId,
      kind: refusal.kind,
      tweet_id: refusal.tweetId,
      tweet_url: refusal.tweetUrl,
      code: refusal.code,
      similarity: refusal.similarity,
      matched_claim_id: refusal.matchedClaimId,
      created_at: refusal.now,
    })
    .execute();
}

// Any constant: with the member's id it names the lock of one member's refusals (the two-key form of
// PostgreSQL's advisory locks, apart from the one-key locks elsewhere).
const refusalsLockSpace = 0x72656675;

/**
 * Keeps the refusal unless the member already has `bound.max` kept after `bound.after`; true when
 * kept. The count and the insert run in one transaction that concurrent refusals of the member take in
 * turn (a per-member advisory lock on PostgreSQL; SQLite runs one write transaction at a time), so the
 * bound holds however many arrive at once.
 */
export async function insertRefusalWithinBound(
  db: Kysely<Database>,
  refusal: NewRefusal,
  bound: { max: number; after: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      // The lock's second key is an int4: ids past it share a lock with another member, which only serialises them.
      await sql`select pg_advisory_xact_lock(${refusalsLockSpace}, ${refusal.userId % 0x7fffffff})`.execute(trx);
    }
    const { count } = await trx
      .selectFrom('claim_refusals')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', refusal.userId)
      .where('created_at', '>', bound.after)
      .executeTakeFirstOrThrow();
    if (Number(count) >= bound.max) return false;
    await insertRefusal(trx, refusal);
    return true;
  });
}

/** Deletes the refused attempts kept before `before` (ms since epoch); how many went. */
export async function deleteRefusalsBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('claim_refusals').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One claim, for an operator's change; undefined when there is none. */
export async function findClaim(db: Kysely<Database>, claimId: number) {
  return db
    .selectFrom('tweet_claims')
    .select([
      'tweet_claims.id',
      'tweet_claims.user_id',
      'tweet_claims.tweet_url',
      'tweet_claims.points',
      'tweet_claims.created_at',
      'tweet_claims.meme_id',
      'tweet_claims.revoked_at',
      'tweet_claims.revoked_reason',
    ])
    .where('tweet_claims.id', '=', claimId)
    .executeTakeFirst();
}

/**
 * Marks a standing claim revoked (`revoked` set) or a revoked one standing again (null), only from the
 * other state, in one conditional update: of two operators racing, exactly one changes the row.
 */
export async function setClaimRevoked(
  db: Kysely<Database>,
  claimId: number,
  revoked: { at: number; reason: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('tweet_claims')
    .set({ revoked_at: revoked?.at ?? null, revoked_reason: revoked?.reason ?? null })
    .where('id', '=', claimId)
    .where('revoked_at', revoked ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
