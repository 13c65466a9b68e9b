import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

/** The stored Merkle tree's one row (allocation_tree) and its buckets (allocation_tree_buckets). */

const treeId = 1;
// Bucket rows per insert: two parameters each, well below SQLite's 32,766 and PostgreSQL's 65,535.
const bucketsPerInsert = 2_000;

/** The stored tree's summary when it was built from this table version (a primary-key probe). */
export const storedTreeSummaryQuery = preparedQuery((db: Kysely<Database>, version: string) =>
  db.selectFrom('allocation_tree').select(['leaf_count', 'root', 'as_of_block']).where('id', '=', treeId).where('version', '=', version),
);

/** The stored tree's root and size, whatever table version it was built from (the audit log's "before"). */
export async function findStoredTreeRoot(db: Kysely<Database>) {
  return db.selectFrom('allocation_tree').select(['root', 'leaf_count']).where('id', '=', treeId).executeTakeFirst();
}

/** The stored tree's in-memory part when it was built from this table version. */
export async function findStoredTree(db: Kysely<Database>, version: string) {
  return db
    .selectFrom('allocation_tree')
    .select(['leaf_count', 'root', 'as_of_block', 'bucket_firsts', 'upper_levels'])
    .where('id', '=', treeId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** One bucket of the stored tree: a primary-key probe, prepared once (SQLite: a proof runs one per bucket). */
export const bucketQuery = preparedQuery((db: Kysely<Database>, bucket: number) =>
  db.selectFrom('allocation_tree_buckets').select('leaves').where('bucket', '=', bucket),
);

/**
 * PostgreSQL: the buckets a proof needs in one probe of the key, one round trip and one pool
 * connection whatever their number (a statement each queued a dozen calls per proof on the pool).
 */
export const bucketsQuery = preparedQuery((db: Kysely<Database>, buckets: number[]) =>
  db.selectFrom('allocation_tree_buckets').select(['bucket', 'leaves']).where('bucket', '=', sql<number>`any(${buckets}::integer[])`),
);

/**
 * PostgreSQL: makes concurrent writers of the stored tree (an import, servers that built it) take turns
 * until this transaction ends; readers never wait. SQLite's transactions already take the one write lock.
 */
export async function lockStoredTree(trx: Kysely<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`lock table allocation_tree in exclusive mode`.execute(trx);
}

export interface StoredTreeRow {
  version: string;
  leafCount: number;
  root: string | null;
  asOfBlock: number | null;
  bucketFirsts: Uint8Array;
  upperLevels: Uint8Array;
  builtAt: number;
}

/** Replaces the stored tree: its row and every bucket (`bucketLeaves(b)` for b = 0 … buckets − 1). */
export async function replaceStoredTree(
  trx: Kysely<Database>,
  row: StoredTreeRow,
  buckets: number,
  bucketLeaves: (bucket: number) => Uint8Array,
): Promise<void> {
  await trx.deleteFrom('allocation_tree_buckets').execute();
  for (let start = 0; start < buckets; start += bucketsPerInsert) {
    const values = [];
    for (let bucket = start; bucket < Math.min(start + bucketsPerInsert, buckets); bucket += 1) {
      values.push({ bucket, leaves: bucketLeaves(bucket) });
    }
    await trx.insertInto('allocation_tree_buckets').values(values).execute();
  }
  const values = {
    version: row.version,
    leaf_count: row.leafCount,
    root: row.root,
    as_of_block: row.asOfBlock,
    bucket_firsts: row.bucketFirsts,
    upper_levels: row.upperLevels,
    built_at: row.builtAt,
  };
  await trx
    .insertInto('allocation_tree')
    .values({ id: treeId, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
