import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The tables whose rows belong to an import source (a CSV's `--source`, `allocate`, `demo`). */
export type SourcedTable = 'allocation_records' | 'points_allocations';

export async function countRowsOfSource(db: Kysely<Database>, table: SourcedTable, source: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(db.fn.countAll<number>().as('count'))
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteRowsOfSource(db: Kysely<Database>, table: SourcedTable, source: string): Promise<number> {
  const result = await db.deleteFrom(table).where('source', '=', source).executeTakeFirst();
  return Number(result.numDeletedRows);
}
