import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Database, PublishedRootsTable } from '../../platform/db/schema.js';

export type PublishedRootRow = Selectable<PublishedRootsTable>;

/**
 * Taken first by every writer of published roots in its transaction: on PostgreSQL two of them (a reveal
 * seen by two processes, an import) wait for each other; SQLite's transactions already begin immediate.
 */
export async function lockPublishedRoots(trx: Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`lock table published_roots in share row exclusive mode`.execute(trx);
}

/** Every published root, newest first (a handful: one per correction). */
export async function listPublishedRootRows(db: Kysely<Database>): Promise<PublishedRootRow[]> {
  return db.selectFrom('published_roots').selectAll().orderBy('id', 'desc').execute();
}

/** The newest published root: the current one unless the list was emptied since; null before any publication. */
export async function findNewestPublishedRoot(db: Kysely<Database>): Promise<PublishedRootRow | null> {
  return (await db.selectFrom('published_roots').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()) ?? null;
}

export async function insertPublishedRoot(
  trx: Kysely<Database>,
  row: { root: string; leafCount: number; publishedAt: number; asOfBlock: number | null },
): Promise<void> {
  await trx
    .insertInto('published_roots')
    .values({ root: row.root, leaf_count: row.leafCount, published_at: row.publishedAt, as_of_block: row.asOfBlock })
    .execute();
}

export async function markPublishedRootReplaced(
  trx: Kysely<Database>,
  id: number,
  replacement: { at: number; byRoot: string | null; reason: string },
): Promise<void> {
  await trx
    .updateTable('published_roots')
    .set({ replaced_at: replacement.at, replaced_by_root: replacement.byRoot, replaced_reason: replacement.reason })
    .where('id', '=', id)
    .execute();
}

/** Replaces every row with `rows` (oldest first), as they stood in another copy of the database (a restore). */
export async function replacePublishedRootRows(trx: Kysely<Database>, rows: readonly PublishedRootRow[]): Promise<void> {
  await trx.deleteFrom('published_roots').execute();
  for (const { id: _id, ...row } of rows) await trx.insertInto('published_roots').values(row).execute();
}

/** Whether any allocation record is outside `exceptSource` (the demo set's): a list of made-up wallets is never published. */
export async function hasRecordsOutside(db: Kysely<Database>, exceptSource: string): Promise<boolean> {
  const row = await db.selectFrom('allocation_records').select('id').where('source', '<>', exceptSource).limit(1).executeTakeFirst();
  return row !== undefined;
}
