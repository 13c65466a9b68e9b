import type { Insertable, Kysely } from 'kysely';
import type { Database, PointsAllocationsTable } from '../../platform/db/schema.js';

/** The rows of one import source (a points CSV's `--source`, `allocate`): what the pipelines write. */

// 500 rows x 5 columns stays far below SQLite's and PostgreSQL's bound-parameter limits.
const batchSize = 500;
// Wallets looked up per query when checking which source owns them.
const lookupSize = 1000;

export type NewPointsAllocation = Insertable<PointsAllocationsTable>;

function batches<T>(rows: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
}

export async function insertPointsAllocations(
  db: Kysely<Database>,
  rows: readonly NewPointsAllocation[],
  onBatch?: (inserted: number) => void,
): Promise<void> {
  let inserted = 0;
  for (const batch of batches(rows, batchSize)) {
    await db.insertInto('points_allocations').values(batch).execute();
    inserted += batch.length;
    onBatch?.(inserted);
  }
}

export async function countPointsAllocationsOfSource(db: Kysely<Database>, source: string): Promise<number> {
  const row = await db
    .selectFrom('points_allocations')
    .select(db.fn.countAll<number>().as('count'))
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes every points allocation of the source in the caller's transaction; returns how many there were. */
export async function deletePointsAllocationsOfSource(db: Kysely<Database>, source: string): Promise<number> {
  const result = await db.deleteFrom('points_allocations').where('source', '=', source).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Of the given wallets, those holding a points allocation under another source: wallet -> that source. */
export async function findPointsWalletsOfOtherSources(
  db: Kysely<Database>,
  source: string,
  wallets: readonly string[],
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const chunk of batches(wallets, lookupSize)) {
    const rows = await db
      .selectFrom('points_allocations')
      .select(['wallet_address', 'source'])
      .where('source', '<>', source)
      .where('wallet_address', 'in', chunk)
      .execute();
    for (const row of rows) owners.set(row.wallet_address, row.source);
  }
  return owners;
}
