import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { LeafRows } from './list-rows.js';

/** The records of one import source (a CSV's `--source`, or the demo set's). */

const pageSize = 50_000;

/** The records of one source, in primary-key pages (a million rows never sit in one result). */
export async function readRecordsOfSource(db: Kysely<Database>, source: string): Promise<LeafRows> {
  const rows: LeafRows = { wallets: [], categories: [], micros: [] };
  let afterId = 0;
  for (;;) {
    const page = await db
      .selectFrom('allocation_records')
      .select(['id', 'wallet_address', 'category', 'tokens_micro'])
      .where('source', '=', source)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    for (const row of page) {
      rows.wallets.push(row.wallet_address);
      rows.categories.push(row.category);
      rows.micros.push(Number(row.tokens_micro));
    }
    if (page.length < pageSize) break;
    afterId = Number(page[page.length - 1]!.id);
    // better-sqlite3 answers synchronously: let other requests in between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rows;
}

export async function countRecordsOfSource(db: Kysely<Database>, source: string): Promise<number> {
  const row = await db
    .selectFrom('allocation_records')
    .select(db.fn.countAll<number>().as('count'))
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the source holds any record: one probe of the source index. */
export async function hasRecordsOfSource(db: Kysely<Database>, source: string): Promise<boolean> {
  const row = await db.selectFrom('allocation_records').select('id').where('source', '=', source).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyRecord(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('allocation_records').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Deletes every record of the source in the caller's transaction; returns how many there were. */
export async function deleteRecordsOfSource(trx: Kysely<Database>, source: string): Promise<number> {
  const result = await trx.deleteFrom('allocation_records').where('source', '=', source).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Rows per insert: four parameters each, well below SQLite's 32,766 and PostgreSQL's 65,535.
const rowsPerInsert = 500;

/** Appends a few thousand records of one source in the caller's transaction (the demo set; imports use the bulk load). */
export async function insertRecordsOfSource(
  trx: Kysely<Database>,
  source: string,
  records: readonly { walletAddress: string; category: string; micro: number }[],
): Promise<void> {
  for (let start = 0; start < records.length; start += rowsPerInsert) {
    const values = records.slice(start, start + rowsPerInsert).map((record) => ({
      wallet_address: record.walletAddress,
      category: record.category,
      tokens_micro: record.micro,
      source,
    }));
    await trx.insertInto('allocation_records').values(values).execute();
  }
}

/** Each source holding records, with its rows, wallets and tokens (micro-tokens as decimal text): one grouped scan. */
export async function listSourceFigures(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('allocation_records')
    .select((eb) => [
      'source',
      eb.fn.countAll<number>().as('rows'),
      eb.fn.count<number>('wallet_address').distinct().as('wallets'),
      sql<string>`cast(sum(tokens_micro) as text)`.as('total'),
    ])
    .groupBy('source')
    .execute();
  return rows.map((row) => ({ source: row.source, rows: Number(row.rows), wallets: Number(row.wallets), totalMicro: String(row.total ?? '0') }));
}
