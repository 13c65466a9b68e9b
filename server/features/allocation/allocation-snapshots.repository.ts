import type { Kysely } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

export interface AllocationSnapshot {
  source: string;
  asOfBlock: number | null;
  importedAt: number;
}

/** Records (or replaces) the snapshot label of one import source. */
export async function upsertAllocationSnapshot(db: Kysely<Database>, snapshot: AllocationSnapshot): Promise<void> {
  const values = { as_of_block: snapshot.asOfBlock, imported_at: snapshot.importedAt };
  await db
    .insertInto('allocation_snapshots')
    .values({ source: snapshot.source, ...values })
    .onConflict((oc) => oc.column('source').doUpdateSet(values))
    .execute();
}

/** Removes the snapshot label of a source whose records were all removed (`--remove-source`). */
export async function deleteAllocationSnapshot(db: Kysely<Database>, source: string): Promise<void> {
  await db.deleteFrom('allocation_snapshots').where('source', '=', source).execute();
}

const snapshotsQuery = preparedQuery((db: Kysely<Database>) =>
  db.selectFrom('allocation_snapshots').select(['source', 'as_of_block', 'imported_at']).orderBy('source'),
);

/** Every source's snapshot; one row per import source, so a handful. */
export async function listAllocationSnapshots(db: Kysely<Database>): Promise<AllocationSnapshot[]> {
  const rows = await snapshotsQuery.execute(db);
  return rows.map((row) => ({
    source: row.source,
    asOfBlock: row.as_of_block === null ? null : Number(row.as_of_block),
    importedAt: Number(row.imported_at),
  }));
}

/** The latest "as of" height among the sources that hold records: a probe of the source index per snapshot. */
export async function findLatestAsOfBlock(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('allocation_snapshots as snapshots')
    .select((eb) => eb.fn.max('snapshots.as_of_block').as('block'))
    .where((eb) => eb.exists(eb.selectFrom('allocation_records as records').select('records.id').whereRef('records.source', '=', 'snapshots.source')))
    .executeTakeFirst();
  return row?.block === null || row?.block === undefined ? null : Number(row.block);
}
