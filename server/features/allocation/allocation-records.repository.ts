import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { addressOrder } from './address-order.js';
import type { LeafRows, ListRows } from './list-rows.js';

/** The bulk load of an import's rows, and the other sources' records as Merkle leaves. */

// Rows per step of a bulk load: one PostgreSQL statement (4 array parameters), or a progress report.
const bulkStep = 25_000;

/** A PostgreSQL array literal of texts as pg writes one: every element quoted, backslashes and double quotes escaped. */
function textArray(values: Iterable<string>): string {
  const quoted = Array.from(values, (value) => `"${/[\\"]/.test(value) ? value.replace(/[\\"]/g, '\\$&') : value}"`);
  return `{${quoted.join(',')}}`;
}

/** One step's columns in address order, as the array literals the statement reads. */
function stepColumns(rows: ListRows, step: Uint32Array): [string, string, string] {
  const micros = Array.from(step, (row) => rows.micros[row]!);
  return [
    textArray(Array.from(step, (row) => rows.wallets[row]!)),
    textArray(Array.from(step, (row) => rows.categoryNames[rows.categoryIds[row]!]!)),
    `{${micros.join(',')}}`,
  ];
}

/**
 * PostgreSQL: the rows as one `insert … select from unnest(arrays)` per step, four parameters whatever
 * the row count, instead of a statement (or a bound parameter) per row; in address order
 * (address-order.ts), so each row lands in the indexes beside the one before. The next step's
 * parameters are written out while PostgreSQL inserts the step before: the two took turns, and
 * together they took twice as long.
 */
export async function insertAllocationRowsPostgres(
  db: Kysely<Database>,
  source: string,
  rows: ListRows,
  onBatch?: (inserted: number) => void,
): Promise<void> {
  const order = addressOrder(rows.wallets, rows.length);
  let writing: Promise<unknown> = Promise.resolve();
  let written = 0;
  for (let start = 0; start < rows.length; start += bulkStep) {
    const end = Math.min(start + bulkStep, rows.length);
    const [wallets, categories, micros] = stepColumns(rows, order.subarray(start, end));
    await writing;
    if (written > 0) onBatch?.(written);
    writing = sql`
      insert into allocation_records (wallet_address, category, tokens_micro, source)
      select wallet_address, category, tokens_micro, ${source}
      from unnest(${wallets}::text[], ${categories}::text[], ${micros}::bigint[]) as incoming (wallet_address, category, tokens_micro)
    `.execute(db);
    // Failing while the next step is written out, it is reported when that step awaits it.
    writing.catch(() => {});
    written = end;
    // Sent before the next step's work holds the thread (the send only waits for promise callbacks).
    await new Promise((resolve) => setImmediate(resolve));
  }
  await writing;
  if (written > 0) onBatch?.(written);
}

/**
 * SQLite: a prepared many-row insert on the raw handle, inside the caller's transaction. When the load
 * is at least as large as what stays in the table, the table's indexes are dropped first and built once
 * at the end (a sorted build instead of a million scattered index updates).
 */
export async function insertAllocationRowsSqlite(
  database: SQLite.Database,
  source: string,
  rows: ListRows,
  onBatch?: (inserted: number) => void,
): Promise<void> {
  if (!database.inTransaction) throw new Error('insertAllocationRowsSqlite runs inside the import transaction');
  const { count } = database.prepare('select count(*) as count from allocation_records').get() as { count: number };
  // Every index goes, the one led by `source` too: though the load only appends to it, updating it row
  // by row cost more than building it once.
  const indexes =
    rows.length >= count
      ? (database
          .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'allocation_records' and sql is not null")
          .all() as { name: string; sql: string }[])
      : [];
  for (const index of indexes) database.exec(`drop index "${index.name.replaceAll('"', '""')}"`);
  // The source is one named parameter, bound once per statement rather than once per row.
  const statement = (count: number) =>
    database.prepare(`insert into allocation_records (wallet_address, category, tokens_micro, source) values ${Array(count).fill('(?, ?, ?, @source)').join(', ')}`);
  // Rows per statement: far fewer calls into SQLite, still well below its 32,766 bound parameters.
  const perStatement = 100;
  const insertMany = statement(perStatement);
  const insertOne = statement(1);
  const parameters: unknown[] = new Array(perStatement * 3);
  const named = { source };
  const { wallets, categoryIds, categoryNames, micros } = rows;
  for (let start = 0; start < rows.length; start += bulkStep) {
    const end = Math.min(start + bulkStep, rows.length);
    let i = start;
    for (; i + perStatement <= end; i += perStatement) {
      for (let k = 0; k < perStatement; k += 1) {
        parameters[3 * k] = wallets[i + k];
        parameters[3 * k + 1] = categoryNames[categoryIds[i + k]!];
        parameters[3 * k + 2] = micros[i + k];
      }
      insertMany.run(parameters, named);
    }
    for (; i < end; i += 1) insertOne.run(wallets[i], categoryNames[categoryIds[i]!], micros[i], named);
    onBatch?.(end);
  }
  for (const index of indexes) database.exec(index.sql);
}

/** Every allocation record of the other sources (without `alsoExcept`'s too: a dry run leaves the demo set out), as Merkle leaf fields. */
export async function readAllocationLeavesExcept(db: Kysely<Database>, source: string, alsoExcept?: string): Promise<LeafRows> {
  let query = db.selectFrom('allocation_records').select(['wallet_address', 'category', 'tokens_micro']).where('source', '<>', source);
  if (alsoExcept !== undefined) query = query.where('source', '<>', alsoExcept);
  const records = await query.execute();
  return {
    wallets: records.map((record) => record.wallet_address),
    categories: records.map((record) => record.category),
    micros: records.map((record) => Number(record.tokens_micro)),
  };
}
